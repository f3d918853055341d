import { describe, expect, it } from 'vitest';
import { toHunyuanChat } from './openai-chat-to-hunyuan.ts';

const WEATHER = {
  type: 'function',
  function: {
    name: 'get_current_weather',
    description: 'Weather of a city',
    parameters: { type: 'object', properties: { location: { type: 'string' } } },
  },
};

describe('an OpenAI chat call as Hunyuan ChatCompletions', () => {
  it('sends each turn with its role, the model, streaming and the sampling fields', () => {
    expect(
      toHunyuanChat(
        {
          model: 'client-name',
          stream: true,
          temperature: 0.5,
          top_p: 0.9,
          stop: 'END',
          seed: 7,
          max_tokens: 16,
          messages: [
            { role: 'developer', content: 'Be brief.' },
            { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
            { role: 'assistant', content: 'Hello!' },
          ],
        },
        'hunyuan-turbo',
      ),
    ).toEqual({
      Model: 'hunyuan-turbo',
      Messages: [
        { Role: 'system', Content: 'Be brief.' },
        { Role: 'user', Content: 'Hi' },
        { Role: 'assistant', Content: 'Hello!' },
      ],
      Stream: true,
      Temperature: 0.5,
      TopP: 0.9,
      Stop: ['END'],
      Seed: 7,
    });
  });

  it('gives tools with their schema as a string, and the calls and results of earlier turns', () => {
    const body = toHunyuanChat(
      {
        tools: [WEATHER],
        tool_choice: { type: 'function', function: { name: 'get_current_weather' } },
        messages: [
          { role: 'user', content: 'Weather in Beijing?' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: { name: 'get_current_weather', arguments: '{"location":"北京"}' },
              },
            ],
          },
          { role: 'tool', tool_call_id: 'call_1', content: '35°C' },
        ],
      },
      'hunyuan-functioncall',
    );
    const tool = {
      Type: 'function',
      Function: {
        Name: 'get_current_weather',
        Description: 'Weather of a city',
        Parameters: '{"type":"object","properties":{"location":{"type":"string"}}}',
      },
    };
    expect(body).toMatchObject({ Tools: [tool], ToolChoice: 'custom', CustomTool: tool, Stream: false });
    expect(body.Messages).toEqual([
      { Role: 'user', Content: 'Weather in Beijing?' },
      {
        Role: 'assistant',
        Content: '',
        ToolCalls: [
          {
            Id: 'call_1',
            Type: 'function',
            Function: { Name: 'get_current_weather', Arguments: '{"location":"北京"}' },
          },
        ],
      },
      { Role: 'tool', Content: '35°C', ToolCallId: 'call_1' },
    ]);
  });

  it('maps tool_choice none and required, and sends images of a user turn as Contents', () => {
    const none = toHunyuanChat({ tools: [WEATHER], tool_choice: 'none', messages: [] }, 'm');
    expect(none.ToolChoice).toBe('none');
    expect(toHunyuanChat({ tools: [WEATHER], tool_choice: 'required', messages: [] }, 'm').ToolChoice).toBe(
      'auto',
    );
    const vision = toHunyuanChat(
      {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } },
            ],
          },
        ],
      },
      'hunyuan-vision',
    );
    expect(vision.Messages).toEqual([
      {
        Role: 'user',
        Contents: [
          { Type: 'text', Text: 'What is this?' },
          { Type: 'image_url', ImageUrl: { Url: 'https://example.com/cat.png' } },
        ],
      },
    ]);
  });
});

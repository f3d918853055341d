import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../formats/types.ts';
import { geminiToOpenAIChat } from './gemini-request-to-openai-chat.ts';

const user = (...parts: Json[]): Json => ({ role: 'user', parts });
const model = (...parts: Json[]): Json => ({ role: 'model', parts });
const messagesOf = (request: Json) =>
  geminiToOpenAIChat(request, 'gemini-2.5-flash').messages as ChatCompletionMessageParam[];

describe('geminiToOpenAIChat', () => {
  it('takes the model from the URL, systemInstruction as the system message, and streams when asked', () => {
    const request = {
      systemInstruction: { parts: [{ text: 'Be' }, { text: 'brief' }] },
      contents: [user({ text: 'Hi' })],
    };
    expect(geminiToOpenAIChat(request, 'gemini-2.5-flash')).toEqual({
      model: 'gemini-2.5-flash',
      messages: [
        { role: 'system', content: 'Be\nbrief' },
        { role: 'user', content: 'Hi' },
      ],
    });
    expect(geminiToOpenAIChat(request, 'g', true)).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('accepts snake_case field names and a content without a role', () => {
    const request = {
      system_instruction: { parts: [{ text: 'S' }] },
      contents: [{ parts: [{ inline_data: { mime_type: 'image/jpeg', data: '/9j/' } }] }],
      generation_config: { max_output_tokens: 5 },
    };
    expect(geminiToOpenAIChat(request, 'g')).toMatchObject({
      messages: [
        { role: 'system', content: 'S' },
        { role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/' } }] },
      ],
      max_tokens: 5,
    });
  });

  it('turns inlineData and fileData into content parts by type', () => {
    const messages = messagesOf({
      contents: [
        user(
          { text: 'What is this?' },
          { inlineData: { mimeType: 'image/png', data: 'iVBOR' } },
          { inlineData: { mimeType: 'audio/wav', data: 'UklG' } },
          { inlineData: { mimeType: 'application/pdf', data: 'JVBER' } },
          { fileData: { mimeType: 'image/png', fileUri: 'https://x.test/a.png' } },
          { fileData: { mimeType: 'video/mp4', fileUri: 'gs://b/v.mp4' } },
        ),
      ],
    });
    expect(messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBOR' } },
          { type: 'input_audio', input_audio: { data: 'UklG', format: 'wav' } },
          { type: 'file', file: { filename: 'file.pdf', file_data: 'data:application/pdf;base64,JVBER' } },
          { type: 'image_url', image_url: { url: 'https://x.test/a.png' } },
          { type: 'text', text: 'File (video/mp4): gs://b/v.mp4' },
        ],
      },
    ] satisfies ChatCompletionMessageParam[]);
  });

  it('gives function calls ids call_<n> in order and matches each response to its call by name', () => {
    const messages = messagesOf({
      contents: [
        user({ text: 'Weather in Paris and Rome, and the time?' }),
        model(
          { text: 'thinking…', thought: true },
          { text: 'Let me check.' },
          { functionCall: { name: 'weather', args: { city: 'Paris' } } },
          { functionCall: { name: 'time', args: {} } },
          { functionCall: { name: 'weather', args: { city: 'Rome' } } },
        ),
        user(
          { functionResponse: { name: 'time', response: { time: '12:00' } } },
          { functionResponse: { name: 'weather', response: { temp: 20 } } },
          { functionResponse: { name: 'weather', response: { temp: 25 } } },
        ),
        model({ text: 'Done.' }),
      ],
    });
    expect(messages).toEqual([
      { role: 'user', content: 'Weather in Paris and Rome, and the time?' },
      {
        role: 'assistant',
        content: 'Let me check.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_2', type: 'function', function: { name: 'time', arguments: '{}' } },
          { id: 'call_3', type: 'function', function: { name: 'weather', arguments: '{"city":"Rome"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_2', content: '{"time":"12:00"}' },
      { role: 'tool', tool_call_id: 'call_1', content: '{"temp":20}' },
      { role: 'tool', tool_call_id: 'call_3', content: '{"temp":25}' },
      { role: 'assistant', content: 'Done.' },
    ] satisfies ChatCompletionMessageParam[]);
  });

  it('matches by id when the client sent ids, and sends content null beside calls without text', () => {
    const messages = messagesOf({
      contents: [
        model(
          { functionCall: { id: 'a', name: 'f', args: {} } },
          { functionCall: { id: 'b', name: 'f', args: {} } },
        ),
        user(
          { functionResponse: { id: 'b', name: 'f', response: { r: 'B' } } },
          { functionResponse: { id: 'a', name: 'f', response: { r: 'A' } } },
        ),
      ],
    });
    expect(messages[0]).toMatchObject({ role: 'assistant', content: null });
    expect(messages.slice(1)).toEqual([
      { role: 'tool', tool_call_id: 'call_2', content: '{"r":"B"}' },
      { role: 'tool', tool_call_id: 'call_1', content: '{"r":"A"}' },
    ]);
  });

  it('maps generationConfig fields', () => {
    const out = geminiToOpenAIChat(
      {
        contents: [user({ text: 'x' })],
        generationConfig: {
          temperature: 0.2,
          topP: 0.8,
          topK: 40,
          maxOutputTokens: 100,
          stopSequences: ['END'],
          candidateCount: 2,
          presencePenalty: 0.1,
          frequencyPenalty: 0.3,
          seed: 7,
          responseMimeType: 'application/json',
        },
      },
      'g',
    );
    expect(out).toMatchObject({
      temperature: 0.2,
      top_p: 0.8,
      max_tokens: 100,
      stop: ['END'],
      n: 2,
      presence_penalty: 0.1,
      frequency_penalty: 0.3,
      seed: 7,
      response_format: { type: 'json_object' },
    });
    expect(out).not.toHaveProperty('top_k');
  });

  it('turns a responseSchema into a JSON schema response format', () => {
    const out = geminiToOpenAIChat(
      {
        contents: [user({ text: 'x' })],
        generationConfig: {
          responseMimeType: 'application/json',
          responseSchema: {
            type: 'OBJECT',
            properties: {
              name: { type: 'STRING', nullable: true },
              tags: { type: 'ARRAY', items: { type: 'STRING', enum: ['A'] } },
            },
            propertyOrdering: ['name', 'tags'],
          },
        },
      },
      'g',
    );
    expect(out.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'response',
        schema: {
          type: 'object',
          properties: {
            name: { type: ['string', 'null'] },
            tags: { type: 'array', items: { type: 'string', enum: ['A'] } },
          },
        },
      },
    });
  });

  it('maps thinkingConfig to a reasoning effort (budget 0 or -1: left to the upstream)', () => {
    const effort = (thinkingConfig: Json) =>
      geminiToOpenAIChat({ contents: [user({ text: 'x' })], generationConfig: { thinkingConfig } }, 'g')
        .reasoning_effort;
    expect(effort({ thinkingBudget: 1024 })).toBe('low');
    expect(effort({ thinkingBudget: 4096 })).toBe('medium');
    expect(effort({ thinkingBudget: 24576 })).toBe('high');
    expect(effort({ thinkingBudget: 0 })).toBeUndefined();
    expect(effort({ thinkingBudget: -1 })).toBeUndefined();
    expect(effort({ thinkingLevel: 'HIGH' })).toBe('high');
  });

  it('maps function declarations (not Google tools) and the function calling config', () => {
    const tools = [
      {
        functionDeclarations: [
          {
            name: 'f',
            description: 'F',
            parameters: { type: 'OBJECT', properties: { a: { type: 'INTEGER' } } },
          },
        ],
      },
      { functionDeclarations: [{ name: 'g', parametersJsonSchema: { type: 'object' } }, { name: 'h' }] },
      { googleSearch: {} },
    ];
    const convert = (functionCallingConfig?: Json) =>
      geminiToOpenAIChat(
        { contents: [user({ text: 'x' })], tools, toolConfig: { functionCallingConfig } },
        'g',
      );
    expect(convert().tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'f',
          description: 'F',
          parameters: { type: 'object', properties: { a: { type: 'integer' } } },
        },
      },
      { type: 'function', function: { name: 'g', parameters: { type: 'object' } } },
      { type: 'function', function: { name: 'h', parameters: { type: 'object', properties: {} } } },
    ] satisfies ChatCompletionTool[]);
    expect(convert()).not.toHaveProperty('tool_choice');
    expect(convert({ mode: 'AUTO' }).tool_choice).toBe('auto');
    expect(convert({ mode: 'ANY' }).tool_choice).toBe('required');
    expect(convert({ mode: 'ANY', allowedFunctionNames: ['g'] }).tool_choice).toEqual({
      type: 'function',
      function: { name: 'g' },
    });
    expect(convert({ mode: 'NONE' }).tool_choice).toBe('none');
    const googleOnly = geminiToOpenAIChat(
      { contents: [user({ text: 'x' })], tools: [{ googleSearch: {} }] },
      'g',
    );
    expect(googleOnly).not.toHaveProperty('tools');
  });

  it('never sends an empty user message', () => {
    expect(messagesOf({ contents: [user({ text: '' }), user(), model({ text: '' })] })).toEqual([]);
  });
});

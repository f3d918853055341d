import { describe, expect, it } from 'vitest';
import { toCozeChat } from './openai-chat-to-coze.ts';

describe('an OpenAI chat call as a Coze v3 chat', () => {
  it('sends the user and assistant turns to the bot, streamed whatever was asked, the caller as user', () => {
    expect(
      toCozeChat(
        {
          stream: false,
          user: 'alice',
          messages: [
            { role: 'system', content: 'Be brief.' },
            { role: 'user', content: 'Hi' },
            { role: 'assistant', content: 'Hello!' },
            { role: 'user', content: [{ type: 'text', text: 'What day is 2024-10-01?' }] },
          ],
        },
        '7379462189365198898',
      ),
    ).toEqual({
      bot_id: '7379462189365198898',
      user_id: 'alice',
      stream: true,
      additional_messages: [
        { role: 'user', type: 'question', content: 'Hi', content_type: 'text' },
        { role: 'assistant', type: 'answer', content: 'Hello!', content_type: 'text' },
        { role: 'user', type: 'question', content: 'What day is 2024-10-01?', content_type: 'text' },
      ],
    });
  });

  it('sends images by address as object_string content, and makes a user per call', () => {
    const body = toCozeChat(
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
      'bot',
    );
    expect(body.user_id).toMatch(/^relaygate-/);
    expect(body.additional_messages).toEqual([
      {
        role: 'user',
        type: 'question',
        content:
          '[{"type":"text","text":"What is this?"},{"type":"image","file_url":"https://example.com/cat.png"}]',
        content_type: 'object_string',
      },
    ]);
  });
});

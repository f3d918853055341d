import { describe, expect, it } from 'vitest';
import { toDifyChat } from './openai-chat-to-dify.ts';

describe('an OpenAI chat call as a Dify chat message', () => {
  it('sends the conversation as one query with its speakers, streaming as asked, the caller as user', () => {
    expect(
      toDifyChat({
        stream: true,
        user: 'alice',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello!' },
          { role: 'user', content: [{ type: 'text', text: 'And now?' }] },
        ],
      }),
    ).toEqual({
      inputs: {},
      query: 'SYSTEM: \nBe brief.\nUSER: \nHi\nASSISTANT: \nHello!\nUSER: \nAnd now?\n',
      response_mode: 'streaming',
      user: 'alice',
      auto_generate_name: false,
    });
  });

  it('gives images by address as files, blocks when not streaming, and makes a user per call', () => {
    const body = toDifyChat({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } },
          ],
        },
      ],
    });
    expect(body).toMatchObject({
      response_mode: 'blocking',
      files: [{ type: 'image', transfer_mode: 'remote_url', url: 'https://example.com/cat.png' }],
      user: expect.stringMatching(/^relaygate-/),
    });
  });

  it('refuses an inline image, which Dify would need uploaded first', () => {
    const body = toDifyChat({
      messages: [
        { role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }] },
      ],
    });
    expect(body).toMatch(/by http\(s\) address only/);
  });
});

import { describe, expect, it } from 'vitest';
import { cozeFamily } from '../providers/coze/coze-family.ts';
import { openAIFamily } from '../providers/openai/openai-family.ts';
import { foldStream } from './stream-to-answer.ts';

const event = (name: string | undefined, data: unknown) => ({
  ...(name !== undefined && { event: name }),
  data: typeof data === 'string' ? data : JSON.stringify(data),
});

describe('foldStream', () => {
  it("folds a family's stream through its converter into one answer with the stream's usage", async () => {
    const { answer, failure } = await foldStream(cozeFamily, 'coze-bot', [
      [event('conversation.chat.created', { id: 'chat-1' })],
      [
        event('conversation.message.delta', { type: 'answer', content: 'Hel' }),
        event('conversation.message.delta', { type: 'answer', content: 'lo' }),
      ],
      [
        event('conversation.chat.completed', { usage: { input_count: 5, output_count: 2 } }),
        event('done', '"[DONE]"'),
      ],
    ]);
    expect(failure).toBeUndefined();
    expect(answer.body).toMatchObject({
      id: 'chat-1',
      model: 'coze-bot',
      choices: [{ message: { role: 'assistant', content: 'Hello' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 5, completion_tokens: 2 },
    });
    expect(answer.usage).toMatchObject({ promptTokens: 5, completionTokens: 2 });
  });

  it('says how a stream failed, and that one cut short failed', async () => {
    const failed = await foldStream(cozeFamily, 'coze-bot', [
      [event('error', { code: 4000, msg: 'bad bot' })],
    ]);
    expect(failed.failure).toBe('bad bot (code 4000)');
    const cut = await foldStream(cozeFamily, 'coze-bot', [
      [event('conversation.message.delta', { type: 'answer', content: 'Hi' })],
    ]);
    expect(cut.failure).toMatch(/ended before the answer was complete/);
  });

  it('folds OpenAI chunks as they are for a family that streams OpenAI chat itself', async () => {
    const { answer } = await foldStream(openAIFamily, 'gpt', [
      [
        event(undefined, {
          id: 'x',
          choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: 'stop' }],
        }),
      ],
      [event(undefined, '[DONE]')],
    ]);
    expect(answer.body).toMatchObject({
      id: 'x',
      choices: [{ message: { content: 'Hi' }, finish_reason: 'stop' }],
    });
    expect(answer.usage).toBeUndefined();
  });
});

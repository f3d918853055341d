import { describe, expect, it } from 'vitest';
import { HunyuanToOpenAIChatStream } from './hunyuan-stream-to-openai-chat.ts';

const chunk = (delta: object, finish = '', extra = {}) => ({
  Id: 'h-1',
  Choices: [{ Delta: { Role: 'assistant', ...delta }, FinishReason: finish }],
  ...extra,
});

describe('a Hunyuan stream as OpenAI chat chunks', () => {
  it('sends reasoning before content, and nothing after the finish', () => {
    const stream = new HunyuanToOpenAIChatStream('hunyuan-t1');
    const out = stream.push({ data: chunk({ ReasoningContent: 'think', Content: 'Hi' }) });
    expect(out.map((c) => (c.choices as Array<{ delta: object }>)[0]!.delta)).toEqual([
      { role: 'assistant', content: '' },
      { reasoning_content: 'think' },
      { content: 'Hi' },
    ]);
    expect(stream.push({ data: chunk({ Content: '' }, 'stop') }).at(0)).toMatchObject({
      choices: [{ finish_reason: 'stop' }],
    });
    expect(stream.push({ data: chunk({ Content: 'late' }) })).toEqual([]);
    expect(stream.end()).toEqual([]);
  });

  it('ends with an error chunk on an ErrorMsg, or when the stream stops before a finish', () => {
    const failed = new HunyuanToOpenAIChatStream('m');
    expect(failed.push({ data: { ErrorMsg: { Msg: 'content moderated', Code: 2001 } } })).toEqual([
      { error: { message: 'content moderated', type: 'upstream_error' } },
    ]);
    const cut = new HunyuanToOpenAIChatStream('m');
    cut.push({ data: chunk({ Content: 'Hi' }) });
    expect(cut.end()).toEqual([{ error: expect.objectContaining({ type: 'upstream_error' }) }]);
  });
});

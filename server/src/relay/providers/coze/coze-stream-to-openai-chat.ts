import { ChatChunkStream } from '../../formats/chat-chunk-stream.ts';
import { asObject, asString } from '../../formats/json-read.ts';
import type { Json } from '../../formats/types.ts';
import { readOpenAIUsage, type Usage } from '../../answer/usage.ts';

/** Coze's chat usage (input_count, output_count, token_count) in the gateway's terms. */
const fromCozeUsage = (raw: unknown): Usage | undefined => {
  const usage = asObject(raw);
  return usage
    ? readOpenAIUsage({ prompt_tokens: usage.input_count, completion_tokens: usage.output_count })
    : undefined;
};

/** The words of a Coze error ({code, msg} or {code, message}), with its code. */
const cozeErrorText = (error: Json | undefined, fallback: string): string => {
  const text = asString(error?.msg) || asString(error?.message) || fallback;
  return error?.code !== undefined && error.code !== 0 ? `${text} (code ${String(error.code)})` : text;
};

/**
 * A Coze v3 chat stream (events named by `event:`, data without a space, ended by done and
 * data "[DONE]") as OpenAI chat chunks: the answer's message deltas as content (and reasoning),
 * conversation.chat.completed ends it with its usage; conversation.chat.failed, an error event,
 * or a bot that wants a client's tool output (requires_action, which a chat client cannot give)
 * end it with an error chunk. Completed messages repeat the deltas; follow-ups and verbose
 * messages say nothing the client reads.
 */
export class CozeToOpenAIChatStream extends ChatChunkStream {
  private rawUsage: unknown;

  push({ event, data }: { event?: string; data: Json }): Json[] {
    if (this.ended) return [];
    const id = asString(data.chat_id) || asString(data.id);
    switch (event) {
      case 'conversation.chat.created':
        return this.open(id);
      case 'conversation.message.delta':
        if (data.type !== undefined && data.type !== 'answer') return [];
        return [
          ...this.open(id),
          ...this.delta({ reasoning_content: asString(data.reasoning_content) }),
          ...this.delta({ content: asString(data.content) }),
        ];
      case 'conversation.chat.completed':
        this.rawUsage = data.usage;
        return [...this.open(id), ...this.finish('stop')];
      case 'conversation.chat.failed':
        return this.fail(cozeErrorText(asObject(data.last_error), 'the Coze chat failed'));
      case 'conversation.chat.requires_action':
        return this.fail(
          'the Coze bot asked for a tool output from the client, which this gateway cannot give',
        );
      case 'error':
        return this.fail(cozeErrorText(data, 'Coze ended the stream with an error'));
      default:
        return [];
    }
  }

  usage(): Usage | undefined {
    return fromCozeUsage(this.rawUsage);
  }
}

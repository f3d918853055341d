import type OpenAI from 'openai';

/** A tool call as a stream's pieces add up to: its id and name from the first, its arguments joined. */
export interface StreamedToolCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * An OpenAI client's chat stream read to its end: the text it added up to, its tool calls (by
 * index), the last finish reason and the last usage it told.
 */
export async function readChatStream(stream: AsyncIterable<OpenAI.ChatCompletionChunk>): Promise<{
  text: string;
  usage: OpenAI.CompletionUsage | undefined;
  toolCalls: StreamedToolCall[];
  finishReason: string | undefined;
}> {
  let text = '';
  let usage: OpenAI.CompletionUsage | undefined;
  let finishReason: string | undefined;
  const calls = new Map<number, StreamedToolCall>();
  for await (const chunk of stream) {
    const choice = chunk.choices[0];
    text += choice?.delta.content ?? '';
    for (const call of choice?.delta.tool_calls ?? []) {
      const seen = calls.get(call.index) ?? { id: '', name: '', arguments: '' };
      calls.set(call.index, {
        id: seen.id || (call.id ?? ''),
        name: seen.name + (call.function?.name ?? ''),
        arguments: seen.arguments + (call.function?.arguments ?? ''),
      });
    }
    finishReason = choice?.finish_reason ?? finishReason;
    usage = chunk.usage ?? usage;
  }
  return { text, usage, toolCalls: [...calls.values()], finishReason };
}

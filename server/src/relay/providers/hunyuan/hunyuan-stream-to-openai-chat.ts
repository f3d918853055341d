import { ChatChunkStream } from '../../formats/chat-chunk-stream.ts';
import { asNumber, asObject, asObjects, asString } from '../../formats/json-read.ts';
import type { Json } from '../../formats/types.ts';
import type { Usage } from '../../answer/usage.ts';
import { fromHunyuanUsage } from './hunyuan-usage.ts';

/**
 * Hunyuan's ChatCompletions stream (data lines of whole chunks, no [DONE]) as OpenAI chat chunks:
 * content and reasoning deltas, tool calls opened by their first piece and continued by their id
 * (or index), and the answer closed by the chunk with a FinishReason, billed from the Usage every
 * chunk carries (the last is the total). An ErrorMsg in a chunk ends the answer with an error.
 */
export class HunyuanToOpenAIChatStream extends ChatChunkStream {
  private lastUsage: Usage | undefined;
  private readonly toolKeys = new Map<string, number>();

  push({ data }: { event?: string; data: Json }): Json[] {
    if (this.ended) return [];
    const failure = asObject(data.ErrorMsg) ?? asObject(asObject(data.Response)?.Error);
    if (failure) return this.fail(asString(failure.Msg) || asString(failure.Message) || 'hunyuan failed');
    this.lastUsage = fromHunyuanUsage(data.Usage) ?? this.lastUsage;
    const choice = asObjects(data.Choices)[0];
    if (!choice) return [];
    const delta = asObject(choice.Delta) ?? {};
    const out = [
      ...this.open(asString(data.Id)),
      ...this.delta({ reasoning_content: asString(delta.ReasoningContent) }),
      ...this.delta({ content: asString(delta.Content) }),
      ...asObjects(delta.ToolCalls).flatMap((call) => this.toolPiece(call)),
    ];
    const finish = asString(choice.FinishReason);
    return finish === '' ? out : [...out, ...this.finish(finish)];
  }

  usage(): Usage | undefined {
    return this.lastUsage;
  }

  /** A piece of a tool call: the call's start the first time its id (or index) is seen, else its arguments. */
  private toolPiece(call: Json): Json[] {
    const fn = asObject(call.Function);
    const index = asNumber(call.Index);
    const id = asString(call.Id);
    const name = index !== undefined ? `index ${index}` : `id ${id}`;
    const key = this.toolKeys.get(name);
    if (key !== undefined) return this.out.toolArguments(key, asString(fn?.Arguments));
    this.toolKeys.set(name, this.toolKeys.size);
    return this.out.toolStart(this.toolKeys.size - 1, id, asString(fn?.Name), asString(fn?.Arguments));
  }
}

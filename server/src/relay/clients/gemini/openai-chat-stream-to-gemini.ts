import type { Usage } from '../../answer/usage.ts';
import type { Json, OutEvent } from '../../formats/types.ts';
import { geminiErrorBody } from './gemini-error-body.ts';
import { asString } from '../../formats/json-read.ts';
import { argumentsText, firstChoice, readToolCalls, toolCallKey } from '../../formats/openai-chat-read.ts';
import {
  functionCallPart,
  geminiCandidate,
  geminiTextParts,
  geminiUsageMetadata,
} from './openai-chat-to-gemini-response.ts';
import { OpenAIChunkConverter } from '../../formats/openai-chunk-converter.ts';

/**
 * OpenAI chat.completion.chunk events → Gemini streamGenerateContent events (`data:` only). Text
 * and thoughts go out as they come; tool calls are held until their arguments are complete (the
 * finish chunk, or the end) since Gemini clients expect whole functionCall parts. The last event
 * carries the finish reason and the usage, waiting for a usage chunk that follows the finish.
 */
export class OpenAIChatToGeminiStream extends OpenAIChunkConverter {
  private responseId = '';
  private finish: string | undefined;
  private lastToolKey: string | undefined;
  /** Tool calls being assembled, in order of arrival: their name and arguments so far. */
  private readonly tools = new Map<string, { name: string; args: string }>();

  private readonly model: string;

  constructor(model: string) {
    super();
    this.model = model;
  }

  protected convert(chunk: Json, usage: Usage | undefined): OutEvent[] {
    this.responseId ||= asString(chunk.id);
    const { message: delta, finish } = firstChoice(chunk);
    readToolCalls(delta).forEach((call, position) => {
      const key = toolCallKey(call, this.lastToolKey, position);
      const tool = this.tools.get(key) ?? { name: '', args: '' };
      tool.name ||= call.name;
      tool.args += argumentsText(call.arguments);
      this.tools.set(key, tool);
      this.lastToolKey = key;
    });
    const parts = geminiTextParts(delta);
    if (finish) this.finish = finish;
    if (usage && this.finish !== undefined) return [this.finalEvent(parts)];
    return parts.length > 0 ? [this.event([geminiCandidate(0, parts)])] : [];
  }

  protected close(): OutEvent[] {
    return [this.finalEvent([])];
  }

  protected errorEvent(message: string): OutEvent {
    return { data: JSON.stringify(geminiErrorBody(500, message)) };
  }

  /** The closing event: text still to send, the whole tool calls, the finish reason and the usage. */
  private finalEvent(text: Json[]): OutEvent {
    this.done = true;
    const calls = [...this.tools.values()].map((tool) => functionCallPart(tool.name, tool.args));
    const parts = [...text, ...calls];
    const candidate = geminiCandidate(0, parts.length > 0 ? parts : [{ text: '' }], this.finish ?? '');
    return this.event([candidate], geminiUsageMetadata(this.reportedUsage()));
  }

  private event(candidates: Json[], usageMetadata?: Json): OutEvent {
    const body = {
      candidates,
      ...(usageMetadata ? { usageMetadata } : {}),
      modelVersion: this.model,
      ...(this.responseId ? { responseId: this.responseId } : {}),
    };
    return { data: JSON.stringify(body) };
  }
}

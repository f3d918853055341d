import { asNumber, asObject, asOptionalString } from '../../formats/json-read.ts';
import { randomUUID } from 'node:crypto';
import type { Usage } from '../../answer/usage.ts';
import type { ChunkSource, Json } from '../../formats/types.ts';
import { candidatePieces, geminiCandidates, openAIToolCall } from './gemini-answer-parts.ts';
import { GeminiCallAssembler, type GeminiFunctionCall } from './gemini-call-assembler.ts';
import { geminiErrorMessage, geminiErrorStatus } from './gemini-error.ts';
import { openAIUsageBody } from '../../answer/usage.ts';
import { fromGeminiUsage, hasGeminiTokenCounts } from './gemini-usage.ts';
import { mapGeminiFinishReason } from './map-gemini-finish-reason.ts';

/** What one choice (Gemini candidate) needs to remember. */
interface ChoiceState {
  /** Tool calls sent so far: the next one's index. */
  toolCalls: number;
  /** The call whose arguments are still streaming (Vertex), if any. */
  calls: GeminiCallAssembler;
  finished: boolean;
}

/**
 * A Gemini streamGenerateContent?alt=sse stream → OpenAI chat.completion.chunk data. Per choice:
 * a first chunk with the assistant role, text as content deltas, thoughts as reasoning_content
 * deltas, each function call as one tool_calls delta carrying its whole arguments, and a finish
 * chunk when Gemini gives a finishReason. end() adds one chunk with the last usage (choices []).
 * No [DONE]: the pipeline sends it. A stream cut short gets no invented finish chunk.
 */
export class GeminiToOpenAIChatStream implements ChunkSource {
  private readonly model: string;
  private readonly created = Math.floor(Date.now() / 1000);
  private readonly choices = new Map<number, ChoiceState>();
  private id: string | undefined;
  private callIds = 0;
  private lastUsage: Usage | undefined;

  constructor(model: string) {
    this.model = model;
  }

  push(event: { event?: string; data: Json }): Json[] {
    const { data } = event;
    this.id ??= `chatcmpl-${asOptionalString(data.responseId) ?? randomUUID()}`;
    const error = asObject(data.error);
    if (error) {
      const code = asNumber(error.code);
      const type = geminiErrorStatus(data) ?? 'upstream_error';
      const message = geminiErrorMessage(data);
      return [{ error: code === undefined ? { message, type } : { message, type, code } }];
    }
    if (hasGeminiTokenCounts(data.usageMetadata)) this.lastUsage = fromGeminiUsage(data.usageMetadata);
    return geminiCandidates(data).flatMap(({ index, candidate }) => this.candidate(index, candidate));
  }

  end(): Json[] {
    const out: Json[] = [];
    for (const [index, state] of this.choices) out.push(...this.toolCalls(index, state, state.calls.flush()));
    if (this.lastUsage) out.push(this.chunk([], openAIUsageBody(this.lastUsage)));
    return out;
  }

  usage(): Usage | undefined {
    return this.lastUsage;
  }

  private candidate(index: number, candidate: Json): Json[] {
    const out: Json[] = [];
    let state = this.choices.get(index);
    if (!state) {
      state = { toolCalls: 0, calls: new GeminiCallAssembler(), finished: false };
      this.choices.set(index, state);
      out.push(this.delta(index, { role: 'assistant', content: '' }));
    }
    for (const piece of candidatePieces(candidate)) {
      if (piece.kind === 'text') out.push(this.delta(index, { content: piece.text }));
      else if (piece.kind === 'reasoning') out.push(this.delta(index, { reasoning_content: piece.text }));
      else out.push(...this.toolCalls(index, state, state.calls.push(piece.functionCall)));
    }
    if (candidate.finishReason !== undefined && !state.finished) {
      out.push(...this.toolCalls(index, state, state.calls.flush()));
      state.finished = true;
      const reason = mapGeminiFinishReason(candidate.finishReason, state.toolCalls > 0);
      out.push(this.chunk([{ index, delta: {}, finish_reason: reason }]));
    }
    return out;
  }

  private toolCalls(index: number, state: ChoiceState, calls: GeminiFunctionCall[]): Json[] {
    return calls.map((call) => {
      const toolCall = { index: state.toolCalls++, ...openAIToolCall(call, `call_${this.callIds++}`) };
      return this.delta(index, { tool_calls: [toolCall] });
    });
  }

  private delta(index: number, delta: Json): Json {
    return this.chunk([{ index, delta, finish_reason: null }]);
  }

  private chunk(choices: Json[], usage?: Json): Json {
    const chunk: Json = {
      id: this.id ?? `chatcmpl-${randomUUID()}`,
      object: 'chat.completion.chunk',
      created: this.created,
      model: this.model,
      choices,
    };
    if (usage) chunk.usage = usage;
    return chunk;
  }
}

import { multipartBody, type StreamedBody } from '../http/multipart-body.ts';
import { isFilePart, type SpooledForm } from '../http/multipart-spool.ts';
import type { Endpoint } from './endpoints.ts';
import { fitForReasoningModel, isOpenAIReasoningModel } from './providers/openai/openai-reasoning-models.ts';
import type { ClientFormat } from './wire-format.ts';

/** A relay request body, read once: what routing and pricing need, and how to rebuild it upstream. */
export interface RelayBody {
  model: string;
  stream: boolean;
  /** The client asked for stream_options.include_usage itself. */
  clientWantsUsage: boolean;
  maxTokens: number;
  /** The call as OpenAI chat (or the endpoint's own OpenAI shape): what OpenAI-format channels get. */
  json?: Record<string, unknown>;
  /** An upload (audio): its files wait in a spool file, streamed to each channel tried. */
  form?: SpooledForm;
  /** The format the client spoke; answers and errors go back in it. */
  clientFormat: ClientFormat;
  /** The client's own body, when it is not OpenAI: passed through to a channel of the same format. */
  original?: Record<string, unknown>;
  /**
   * A thinking budget the client gave in tokens (Anthropic budget_tokens, Gemini thinkingBudget):
   * the chat core only carries an effort, so a channel of the other format gets this exact value.
   */
  thinkingBudget?: number;
  /** Client headers a same-format upstream may need (anthropic-version, anthropic-beta). */
  clientHeaders?: Record<string, string | string[] | undefined>;
}

/**
 * The body sent upstream: the model replaced by its mapped name, fitted for OpenAI reasoning
 * models and, for streams of upstreams that support it, stream_options.include_usage requested so that real usage comes back.
 */
export function upstreamBody(
  endpoint: Endpoint,
  body: RelayBody,
  upstreamModel: string,
  requestStreamUsage: boolean,
): string | StreamedBody {
  if (body.form) {
    const form = body.form;
    const parts = form.parts.map((part) =>
      part.name === 'model' && !isFilePart(part) ? { ...part, value: upstreamModel } : part,
    );
    if (!form.parts.some((part) => part.name === 'model'))
      parts.push({ name: 'model', value: upstreamModel });
    return multipartBody(parts, (part) => form.read(part));
  }
  const json: Record<string, unknown> = { ...body.json, model: upstreamModel };
  if (isOpenAIReasoningModel(upstreamModel)) fitForReasoningModel(json, endpoint.kind);
  if (body.stream && requestStreamUsage) {
    json.stream_options = { ...(json.stream_options as object | undefined), include_usage: true };
  }
  return JSON.stringify(json);
}

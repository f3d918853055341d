import { FormData } from 'undici';
import type { Endpoint } from './endpoints.ts';
import { invalidRequest, requireJsonObject } from './relay-error.ts';
import type { WireFormat } from './wire-format.ts';

/** A relay request body, read once: what routing and pricing need, and how to rebuild it upstream. */
export interface RelayBody {
  model: string;
  stream: boolean;
  /** The client asked for stream_options.include_usage itself. */
  clientWantsUsage: boolean;
  maxTokens: number;
  /** The call as OpenAI chat (or the endpoint's own OpenAI shape): what OpenAI-format channels get. */
  json?: Record<string, unknown>;
  form?: FormData;
  /** The format the client spoke; answers and errors go back in it. */
  clientFormat: WireFormat;
  /** The client's own body, when it is not OpenAI: passed through to a channel of the same format. */
  original?: Record<string, unknown>;
  /** Client headers a same-format upstream may need (anthropic-version, anthropic-beta). */
  clientHeaders?: Record<string, string | string[] | undefined>;
}

const positive = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;

export function readJsonBody(endpoint: Endpoint, body: unknown): RelayBody {
  const json = requireJsonObject(body);
  const model = json.model ?? endpoint.defaultModel;
  if (typeof model !== 'string' || model.trim() === '') {
    throw invalidRequest('model is required');
  }
  const streamOptions = json.stream_options as { include_usage?: unknown } | undefined;
  return {
    model: model.trim(),
    stream: json.stream === true,
    clientWantsUsage: streamOptions?.include_usage === true,
    maxTokens: Math.max(
      positive(json.max_tokens),
      positive(json.max_completion_tokens),
      positive(json.max_output_tokens),
    ),
    json,
    clientFormat: 'openai',
  };
}

/** Parses a multipart body (audio uploads) with the platform's own parser. */
export async function readMultipartBody(
  endpoint: Endpoint,
  raw: Buffer,
  contentType: string,
): Promise<RelayBody> {
  let form: FormData;
  try {
    const parsed = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
    form = new FormData();
    for (const [name, value] of parsed.entries()) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([await value.arrayBuffer()], { type: value.type }), value.name);
    }
  } catch {
    throw invalidRequest('the request body is not valid multipart form data');
  }
  const model = form.get('model') ?? endpoint.defaultModel;
  if (typeof model !== 'string' || model.trim() === '') {
    throw invalidRequest('model is required');
  }
  return {
    model: model.trim(),
    stream: false,
    clientWantsUsage: false,
    maxTokens: 0,
    form,
    clientFormat: 'openai',
  };
}

/**
 * The body sent upstream: the model replaced by its mapped name and, for streams of upstreams
 * that support it, stream_options.include_usage requested so that real usage comes back.
 */
export function upstreamBody(
  body: RelayBody,
  upstreamModel: string,
  requestStreamUsage: boolean,
): string | FormData {
  if (body.form) {
    const form = new FormData();
    for (const [name, value] of body.form.entries()) {
      if (name === 'model') form.append('model', upstreamModel);
      else if (typeof value === 'string') form.append(name, value);
      else form.append(name, value, (value as File).name);
    }
    if (!body.form.has('model')) form.append('model', upstreamModel);
    return form;
  }
  const json: Record<string, unknown> = { ...body.json, model: upstreamModel };
  if (body.stream && requestStreamUsage) {
    json.stream_options = { ...(json.stream_options as object | undefined), include_usage: true };
  }
  return JSON.stringify(json);
}

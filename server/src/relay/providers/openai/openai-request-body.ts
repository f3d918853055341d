import { multipartBody, type StreamedBody } from '../../../http/multipart-body.ts';
import { isFilePart } from '../../../http/multipart-spool.ts';
import type { Endpoint } from '../../call/endpoints.ts';
import type { RelayBody } from '../../call/relay-body.ts';
import { fitForReasoningModel, isOpenAIReasoningModel } from './openai-reasoning-models.ts';

/**
 * The body sent upstream: the model replaced by its mapped name, fitted for OpenAI reasoning
 * models and, for streams of upstreams that support it, stream_options.include_usage requested so that real usage comes back.
 */
export function openAIRequestBody(
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

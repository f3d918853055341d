import { anthropicErrorBody, geminiErrorBody } from './formats/error-shapes.ts';
import { toOpenAIError, type RelayError } from './relay-error.ts';
import type { WireFormat } from './wire-format.ts';

/** A relay error in the shape the caller's own client library understands. */
export function clientErrorBody(format: WireFormat, error: RelayError, requestId: string): unknown {
  const message = `${error.message} (request id: ${requestId})`;
  if (format === 'anthropic') return anthropicErrorBody(error.status, message);
  if (format === 'gemini') return geminiErrorBody(error.status, message, error.retryAfterSeconds);
  return toOpenAIError(error, requestId);
}

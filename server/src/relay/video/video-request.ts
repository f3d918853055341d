import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { spoolMultipart, type SpooledForm } from '../../http/multipart-spool.ts';
import { msg, type Text } from '../../i18n/text.ts';
import { RelayError, requireJsonObject } from '../call/relay-error.ts';

/** The longest video asked for, in seconds (Sora's longest is 25). */
export const MAX_SECONDS = 120;

/** A video submission as the gateway reads it: what it is priced by, and the body to send on. */
export interface VideoRequest {
  model: string;
  prompt: string;
  /** The duration asked (seconds, or new-api's duration); undefined: the provider's default. */
  seconds?: number;
  size: string;
  /** A JSON submission's fields (as sent); undefined for a form. */
  json?: Record<string, unknown>;
  /** A multipart submission (with input_reference), its files spooled; closed when the answer is out. */
  form?: SpooledForm;
}

/** A malformed submission, in the caller's language. */
export const videoInvalid = (text: Text): RelayError =>
  new RelayError(400, text, 'invalid_request', 'invalid_request_error');

const badField = (field: string) => videoInvalid(msg('video.badField', { field }));

function text(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') throw badField(field);
  return value;
}

function secondsOf(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_SECONDS) {
    throw videoInvalid(msg('video.badSeconds', { max: MAX_SECONDS }));
  }
  return seconds;
}

/** What a submission that names no model or size gets. */
export interface Defaults {
  model: string;
  size: string;
}

/** The fields every submission is priced by, from a JSON body or a form's text fields. */
function fieldsOf(read: (name: string) => string | undefined, defaults: Defaults) {
  const prompt = read('prompt') ?? '';
  if (prompt.trim() === '') throw videoInvalid(msg('video.promptRequired'));
  return {
    // Kling's own routes name the model model_name.
    model: read('model') || read('model_name') || defaults.model,
    prompt,
    // new-api's /v1/video/generations calls it duration; OpenAI's /v1/videos seconds.
    seconds: secondsOf(read('seconds') ?? read('duration')),
    size: read('size') || defaults.size,
  };
}

/**
 * Reads a submission: JSON, or (POST /v1/videos with an input_reference file) multipart form data
 * read as it arrives, its files spooled to a nameless temporary file within the body limit (an
 * oversized one is refused with 413 before anything is charged). The spool is freed once the
 * answer has gone out or the client left.
 */
export async function readVideoRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  defaults: Defaults,
): Promise<VideoRequest> {
  const contentType = String(request.headers['content-type'] ?? '');
  if (request.body instanceof Readable && contentType.startsWith('multipart/form-data')) {
    const form = await spoolMultipart(request.body, request.headers, {
      maxBytes: app.config.maxRequestBodyBytes,
    });
    if (reply.raw.closed) void form.close();
    else reply.raw.once('close', () => void form.close());
    return { ...fieldsOf((name) => form.text(name), defaults), form };
  }
  const json = requireJsonObject(request.body);
  return { ...fieldsOf((name) => text(json[name], name), defaults), json };
}

import type { Text } from '../../i18n/text.ts';
import { asObject, asString, parseJson } from '../formats/json-read.ts';
import { RelayError } from '../call/relay-error.ts';

/**
 * new-api's task answer, which a Suno API channel speaks and the /suno routes answer in:
 * `{code: "success", message, data}`; an error has new-api's code (invalid_request,
 * task_not_exist…) and a message, and data null.
 */
export interface SunoAnswer {
  code: string;
  message: string;
  data: unknown;
}

export const SUNO_SUCCESS = 'success';

/** A success answer carrying `data`. */
export const sunoSuccess = (data: unknown): SunoAnswer => ({ code: SUNO_SUCCESS, message: '', data });

/** An error answered by the /suno routes: a RelayError whose code is new-api's task error code. */
export const sunoError = (status: number, code: string, message: string | Text): RelayError =>
  new RelayError(status, message, code, 'suno_error');

/** A bad request (new-api's invalid_request): HTTP 400, nothing charged. */
export const sunoBadRequest = (message: Text, code = 'invalid_request'): RelayError =>
  sunoError(400, code, message);

export const sunoErrorBody = (error: RelayError): SunoAnswer => ({
  code: error.code ?? 'error',
  message: error.message,
  data: null,
});

/** An upstream's answer in new-api's task shape, or undefined when it is not one. */
export function readSunoAnswer(text: string): SunoAnswer | undefined {
  const object = asObject(parseJson(text));
  if (!object || typeof object.code !== 'string') return undefined;
  return { code: object.code, message: asString(object.message), data: object.data ?? null };
}

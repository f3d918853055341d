/** midjourney-proxy's answer to a submission, and the shape of every error the /mj routes answer. */
export interface MjAnswer {
  code: number;
  description: string;
  result?: unknown;
  properties?: Record<string, unknown> | null;
}

/** new-api's codes for errors of its own: a bad request (4), anything else (5). */
export const MJ_REQUEST_ERROR = 4;
export const MJ_UNKNOWN_ERROR = 5;

/** An error answered by the /mj routes in midjourney-proxy's shape. */
export class MjError extends Error {
  readonly code: number;
  readonly description: string;
  readonly status: number;
  constructor(code: number, description: string, status = 400) {
    super(description);
    this.code = code;
    this.description = description;
    this.status = status;
  }
}

/** A bad request: code 4, HTTP 400, nothing charged. */
export const mjBadRequest = (description: string) => new MjError(MJ_REQUEST_ERROR, description);

export function mjErrorBody(error: MjError): MjAnswer {
  return { code: error.code, description: error.description, result: null, properties: {} };
}

/** A JSON object, or undefined. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

export const asString = (value: unknown): string => (typeof value === 'string' ? value : '');

/** An upstream's answer to a submission, or undefined when it is not one. */
export function readAnswer(text: string): MjAnswer | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const object = asObject(value);
  if (!object || typeof object.code !== 'number') return undefined;
  return {
    code: object.code,
    description: asString(object.description),
    result: object.result,
    properties: asObject(object.properties) ?? null,
  };
}

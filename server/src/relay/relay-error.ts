/** An error answered to a relay caller, in the caller's format, with a real HTTP status. */
export class RelayError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | null;
  constructor(status: number, message: string, code: string | null = null, type = 'new_api_error') {
    super(message);
    this.status = status;
    this.code = code;
    this.type = type;
  }
}

export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** OpenAI's error shape; the request id is appended so users can quote it to the operator. */
export function toOpenAIError(error: RelayError, requestId: string): OpenAIErrorBody {
  return {
    error: {
      message: `${error.message} (request id: ${requestId})`,
      type: error.type,
      param: null,
      code: error.code,
    },
  };
}

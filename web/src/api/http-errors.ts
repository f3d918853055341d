/** The i18n key of the message shown for an HTTP error status (spec: error catalogue). */
export function httpErrorKey(status: number): string {
  switch (status) {
    case 401:
      return 'error.expired';
    case 405:
      return 'error.demo';
    case 429:
      return 'error.tooMany';
    case 500:
      return 'error.internal';
    default:
      return 'error.http';
  }
}

/** Thrown for a non-2xx answer; the 401 case has already sent the user to the login page. */
export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Thrown for `success: false`: the server's message is shown as is. */
export class BusinessError extends Error {}

/**
 * A refusal the caller can act on. By the console's convention it is HTTP 200 with
 * success:false; malformed requests use 400 and oversized ones 413.
 */
export class ApiError extends Error {
  readonly status: number;
  constructor(message: string, status = 200) {
    super(message);
    this.status = status;
  }
}

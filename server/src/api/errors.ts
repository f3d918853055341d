import { LocalizedError, type Text } from '../i18n/text.ts';

/**
 * A refusal the caller can act on, as a catalogue message: the answer is rendered in the caller's
 * language. By the console's convention it is HTTP 200 with success:false; malformed requests use
 * 400 and oversized ones 413.
 */
export class ApiError extends LocalizedError {
  constructor(text: Text, status = 200) {
    super(text, status);
  }

  get status(): number {
    return this.statusCode;
  }
}

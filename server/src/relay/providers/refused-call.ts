import { render, type Text } from '../../i18n/text.ts';

/**
 * A call a channel cannot serve as configured (an endpoint its vendor lacks, a key in a format not
 * served, a missing account id). The relay and the channel test read its English message; the
 * console's model fetch renders its text in the reader's language. It names the type, never the key.
 */
export class RefusedCall extends Error {
  readonly text: Text;

  constructor(text: Text) {
    super(render(text, 'en'));
    this.name = 'RefusedCall';
    this.text = text;
  }
}

import { clientAdaptor } from '../clients/registry.ts';
import type { ClientFormat } from '../formats/format-names.ts';

/** The event that tells a client, in its own format, that the stream failed before its end. */
export function streamErrorEvent(format: ClientFormat, message: string): string {
  return clientAdaptor(format).streamError(message);
}

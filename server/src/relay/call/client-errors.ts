import { clientAdaptor } from '../clients/registry.ts';
import type { RelayError } from './relay-error.ts';
import type { ClientFormat } from '../formats/format-names.ts';

/** A relay error in the shape the caller's own client library understands. */
export function clientErrorBody(format: ClientFormat, error: RelayError, requestId: string): unknown {
  return clientAdaptor(format).errorBody(error, requestId);
}

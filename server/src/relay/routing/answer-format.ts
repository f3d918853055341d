import { clientAdaptor } from '../clients/registry.ts';
import type { Endpoint } from '../call/endpoints.ts';
import type { ChannelFormat, ProviderFamily } from '../providers/provider-family.ts';
import type { RelayBody } from '../call/relay-body.ts';

/**
 * The format a call through a family is answered in: the family's own, or the client's where the
 * family passes this call through (answersIn), which needs the client's own body.
 */
export function answerFormat(
  family: ProviderFamily,
  endpoint: Endpoint,
  body: RelayBody,
  upstreamModel: string,
): ChannelFormat {
  const wire = clientAdaptor(body.clientFormat).wire;
  const format = family.answersIn?.({ wire, endpoint, upstreamModel }) ?? family.format;
  return format === wire && (body.original || format === family.format) ? format : family.format;
}

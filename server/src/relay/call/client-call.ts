import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from './caller.ts';
import type { ClientAdaptor, ClientCall } from '../clients/client-adaptor.ts';
import type { Endpoint } from './endpoints.ts';
import { relayCall, type RelayRuntime } from './pipeline.ts';

/** The call a route received, as its client adaptor reads it. */
export const clientCall = (request: FastifyRequest, endpoint: Endpoint): ClientCall => ({
  endpoint,
  body: request.body,
  headers: request.headers,
  params: request.params as Record<string, string | undefined>,
});

/**
 * A relay route's work: the caller (authenticated from the headers before the body was read), the
 * body read by the client's adaptor (a 400 in the client's shape, nothing reserved), then the call.
 */
export function relayThrough(
  app: FastifyInstance,
  runtime: RelayRuntime,
  client: ClientAdaptor,
  endpoint: Endpoint,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const caller = callerOf(request);
  const body = client.readRequest(clientCall(request, endpoint));
  return relayCall(app, runtime, request, reply, endpoint, caller, body);
}

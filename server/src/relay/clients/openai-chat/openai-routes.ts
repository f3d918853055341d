import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { spoolMultipart } from '../../../http/multipart-spool.ts';
import { currentUser, requireUser } from '../../../auth/guard.ts';
import { usableGroups } from '../../../options/groups.ts';
import { callerOf, type Caller } from '../../call/caller.ts';
import { clientCall, relayThrough } from '../../call/client-call.ts';
import { readOpenAIUpload } from './openai-upload-request.ts';
import { clientAdaptor } from '../registry.ts';
import { OPENAI_ENDPOINTS, type Endpoint } from '../../call/endpoints.ts';
import { relayCall, type RelayRuntime } from '../../call/pipeline.ts';
import type { RelayBody } from '../../call/relay-body.ts';
import { RelayError, invalidRequest } from '../../call/relay-error.ts';
import { msg } from '../../../i18n/text.ts';

/**
 * An upload, read as it arrives (files spooled to a nameless temporary file, never held whole in
 * memory), within the body limit. The spool lives until the answer has gone out or the client left.
 */
async function readUpload(
  app: FastifyInstance,
  endpoint: Endpoint,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<RelayBody> {
  const contentType = String(request.headers['content-type'] ?? '');
  if (!(request.body instanceof Readable) || !contentType.startsWith('multipart/form-data')) {
    throw invalidRequest('this endpoint takes multipart/form-data');
  }
  const form = await spoolMultipart(request.body, request.headers, {
    maxBytes: app.config.maxRequestBodyBytes,
  });
  if (reply.raw.closed) void form.close();
  else reply.raw.once('close', () => void form.close());
  return readOpenAIUpload(endpoint, form);
}

/** The multipart endpoints, in a scope of their own: only they take (and stream) multipart bodies. */
async function uploadRoutes(app: FastifyInstance, runtime: RelayRuntime): Promise<void> {
  // The body is handed over unread; the route reads it as a stream, after the key was checked.
  app.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));
  for (const endpoint of OPENAI_ENDPOINTS.filter((e) => e.multipart)) {
    app.post(endpoint.path, { config: { format: 'openai' } }, async (request, reply) => {
      const caller = callerOf(request);
      const body = await readUpload(app, endpoint, request, reply);
      return relayCall(app, runtime, request, reply, endpoint, caller, body);
    });
  }
}

/** A console user calling from the playground: billed to their wallet, no API token involved. */
function playgroundCaller(app: FastifyInstance, request: FastifyRequest, group: unknown): Caller {
  const user = currentUser(request);
  const requested = typeof group === 'string' && group !== '' ? group : user.group;
  if (requested !== user.group && !Object.hasOwn(usableGroups(app.settings, user.group), requested)) {
    throw new RelayError(403, msg('relay.groupRefused', { group: requested }), 'group_not_allowed');
  }
  let setting: { accept_unset_model_ratio_model?: boolean } = {};
  try {
    setting = JSON.parse(user.setting ?? '{}') ?? {};
  } catch {
    // Broken settings count as none.
  }
  return {
    userId: user.id,
    username: user.username,
    userQuota: Number(user.quota),
    group: requested,
    tokenId: 0,
    tokenName: 'playground',
    tokenUnlimited: true,
    tokenRemain: 0,
    modelLimits: null,
    acceptUnsetRatio: setting.accept_unset_model_ratio_model === true,
    recordIp: false,
  };
}

/** /v1/* in the OpenAI formats (chat and every endpoint, Responses), and the playground's /pg/chat/completions. */
export async function openAIRoutes(app: FastifyInstance, runtime: RelayRuntime): Promise<void> {
  const routeOptions = { bodyLimit: app.config.maxRequestBodyBytes, config: { format: 'openai' } };
  for (const endpoint of OPENAI_ENDPOINTS.filter((e) => !e.multipart)) {
    // /v1/responses is the Responses API's client format; every other endpoint is OpenAI's own.
    const client = clientAdaptor(endpoint.kind === 'responses' ? 'responses' : 'openai');
    app.post(endpoint.path, routeOptions, async (request, reply) =>
      relayThrough(app, runtime, client, endpoint, request, reply),
    );
  }
  await app.register(async (scope) => uploadRoutes(scope, runtime));

  const chat = OPENAI_ENDPOINTS.find((e) => e.path === '/v1/chat/completions')!;
  const playgroundOptions = { ...routeOptions, config: { format: 'openai', session: true } };
  app.post(
    '/pg/chat/completions',
    { ...playgroundOptions, onRequest: requireUser },
    async (request, reply) => {
      const body = clientAdaptor('openai').readRequest(clientCall(request, chat));
      const group = body.json?.group;
      if (body.json) delete body.json.group;
      return relayCall(app, runtime, request, reply, chat, playgroundCaller(app, request, group), body);
    },
  );
}

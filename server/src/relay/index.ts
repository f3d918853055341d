import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../auth/guard.ts';
import { usableGroups } from '../options/groups.ts';
import { authenticateCaller, extractKey, type Caller } from './caller.ts';
import { OPENAI_ENDPOINTS, type Endpoint } from './endpoints.ts';
import { relayCall, type RelayRuntime } from './pipeline.ts';
import { readJsonBody, readMultipartBody, type RelayBody } from './relay-body.ts';
import { SettlementBatcher } from './settlement-batcher.ts';
import { RelayError, toOpenAIError } from './relay-error.ts';
import { loadTokenizer } from './token-counter.ts';
import { UpstreamClient } from './upstream-client.ts';

async function readBody(endpoint: Endpoint, request: FastifyRequest): Promise<RelayBody> {
  if (endpoint.multipart) {
    const contentType = String(request.headers['content-type'] ?? '');
    if (!Buffer.isBuffer(request.body) || !contentType.startsWith('multipart/form-data')) {
      throw new RelayError(
        400,
        'this endpoint takes multipart/form-data',
        'invalid_request',
        'invalid_request_error',
      );
    }
    return readMultipartBody(endpoint, request.body, contentType);
  }
  return readJsonBody(endpoint, request.body);
}

/** A console user calling from the playground: billed to their wallet, no API token involved. */
function playgroundCaller(app: FastifyInstance, request: FastifyRequest, body: RelayBody): Caller {
  const user = currentUser(request);
  const requested =
    typeof body.json?.group === 'string' && body.json.group !== '' ? body.json.group : user.group;
  if (requested !== user.group && !(requested in usableGroups(app.settings, user.group))) {
    throw new RelayError(403, `group ${requested} is not available to you`, 'group_not_allowed');
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

/** /v1/* in the OpenAI format and the playground's /pg/chat/completions. */
export const relayRoutes: FastifyPluginAsync = async (app) => {
  const runtime: RelayRuntime = {
    upstream: new UpstreamClient({ idleTimeoutSeconds: app.config.streamingTimeoutSeconds }),
    settlements: new SettlementBatcher(app.store, { intervalMs: 50, maxBatch: 500 }, (error, dropped) =>
      app.log.error({ err: error, dropped }, 'settlement failed and was dropped'),
    ),
  };
  void loadTokenizer().catch((error: unknown) => app.log.warn({ err: error }, 'tokenizer failed to load'));
  app.addHook('onClose', async () => {
    await runtime.settlements.close();
    await runtime.upstream.close();
  });

  // Audio uploads arrive as multipart: keep the bytes, the relay parses them itself.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: app.config.maxRequestBodyBytes },
    (_r, body, done) => done(null, body),
  );

  app.setErrorHandler((error: FastifyError | RelayError, request, reply) => {
    if (error instanceof RelayError) return reply.code(error.status).send(toOpenAIError(error, request.id));
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'relay failed');
    const message =
      status === 413
        ? 'the request body is too large'
        : status === 500
          ? 'internal error in the gateway'
          : error.message;
    const relayError = new RelayError(
      status,
      message,
      status === 500 ? 'internal_error' : 'invalid_request',
      'invalid_request_error',
    );
    return reply.code(status).send(toOpenAIError(relayError, request.id));
  });

  const routeOptions = { bodyLimit: app.config.maxRequestBodyBytes };
  for (const endpoint of OPENAI_ENDPOINTS) {
    app.post(endpoint.path, routeOptions, async (request, reply) => {
      const caller = await authenticateCaller(app, extractKey(request), request.ip);
      const body = await readBody(endpoint, request);
      return relayCall(app, runtime, request, reply, endpoint, caller, body);
    });
  }

  const chat = OPENAI_ENDPOINTS.find((e) => e.path === '/v1/chat/completions')!;
  app.post('/pg/chat/completions', { ...routeOptions, preHandler: requireUser }, async (request, reply) => {
    const body = readJsonBody(chat, request.body);
    // The caller reads the group from the body: only then is it dropped from what goes upstream.
    const caller = playgroundCaller(app, request, body);
    if (body.json) delete body.json.group;
    return relayCall(app, runtime, request, reply, chat, caller, body);
  });

  app.get('/v1/models', async (request) => {
    const caller = await authenticateCaller(app, extractKey(request), request.ip);
    const groups = caller.group ? [caller.group] : [];
    const names = caller.modelLimits ? [...caller.modelLimits].sort() : app.channels.models(groups);
    return {
      object: 'list',
      data: names.map((id) => ({ id, object: 'model', created: 1_626_777_600, owned_by: 'relaygate' })),
    };
  });
};

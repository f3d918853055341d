import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import './app-context.ts';
import type { AppContext } from './app-context.ts';
import { optionApi } from './api/option-routes.ts';
import { statusApi } from './api/status-routes.ts';
import { healthApi } from './api/health-routes.ts';
import { jobsApi } from './api/jobs-routes.ts';
import { metricsApi } from './api/metrics-routes.ts';
import { channelApi } from './api/channel/index.ts';
import { dataApi } from './api/data/index.ts';
import { logApi } from './api/log/index.ts';
import { pricingApi } from './api/pricing/index.ts';
import { redemptionApi } from './api/redemption/index.ts';
import { topUpApi } from './api/topup/index.ts';
import { taskApi } from './api/task/index.ts';
import { tokenApi } from './api/token/index.ts';
import { userApi } from './api/user/index.ts';
import { mailApi } from './api/mail/index.ts';
import { oauthApi } from './api/oauth/index.ts';
import { relayRoutes } from './relay/index.ts';
import { unknownRelayPathBody } from './relay/call/unknown-path.ts';
import { registerConsoleFiles } from './console-files.ts';
import { serverTimeouts } from './server-timeouts.ts';
import { registerJsonBodyParser, urlHasNul } from './http/json-body.ts';
import { closeSoonIfUnread } from './http/unread-body.ts';
import { isDatabaseUnavailable } from './store/unavailable.ts';
import { requestLanguage } from './i18n/language.ts';
import { LocalizedError, msg, render, type Text } from './i18n/text.ts';

export const REQUEST_ID_HEADER = 'X-Oneapi-Request-Id';

/** Request ids: a random prefix per process, the start time, then a counter (unique without a random draw per request). */
const processPrefix = randomBytes(3).toString('hex');
let requestCounter = 0;
const newRequestId = () => `${Date.now().toString(36)}${processPrefix}${(++requestCounter).toString(36)}`;

const CLIENT_ERROR_MESSAGES: Record<string, Text> = {
  FST_ERR_CTP_INVALID_JSON_BODY: msg('http.invalidJson'),
  FST_ERR_CTP_EMPTY_JSON_BODY: msg('http.emptyJson'),
  FST_ERR_CTP_BODY_TOO_LARGE: msg('http.bodyTooLarge'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: msg('http.unsupportedMediaType'),
};

/** A call refused by GLOBAL_API/WEB_RATE_LIMIT or the critical limit (counted apart from sign-in's). */
class AddressLimitRefusal extends LocalizedError {}

function clientErrorMessage(error: FastifyError): Text {
  if (error.code && CLIENT_ERROR_MESSAGES[error.code]) return CLIENT_ERROR_MESSAGES[error.code]!;
  if (error instanceof SyntaxError) return CLIENT_ERROR_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY!;
  return msg('verbatim', { text: error.message });
}

export async function buildApp(context: AppContext): Promise<FastifyInstance> {
  const { config } = context;
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: config.apiBodyLimitBytes,
    genReqId: newRequestId,
    trustProxy: config.trustProxy,
    ...serverTimeouts(config.http),
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });

  app.decorate('config', config);
  app.decorate('store', context.store);
  app.decorate('settings', context.settings);
  app.decorate('verificationCodes', context.verificationCodes);
  app.decorate('keys', context.keys);
  app.decorate('channels', context.channels);
  app.decorate('breakers', context.breakers);
  app.decorate('channelTester', context.channelTester);
  app.decorate('upstreamAccounts', context.upstreamAccounts);
  app.decorate('shared', context.shared);
  app.decorate('quotaData', context.quotaData);
  app.decorate('mailer', context.mailer);
  app.decorate('notifier', context.notifier);
  app.decorate('limits', context.limits);
  app.decorate('readiness', context.readiness);
  app.decorate('metrics', context.metrics);
  app.decorate('tracing', context.tracing);
  app.decorate('jobs', context.jobs);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  await app.register(fastifyCookie, { secret: config.sessionSecret });

  // A callback, not an async hook: a call no address limit counts (every relay call) passes with no promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    if (urlHasNul(request.url)) return done(new LocalizedError(msg('http.urlNul'), 400));
    // new-api's GLOBAL_API_RATE_LIMIT / GLOBAL_WEB_RATE_LIMIT / CRITICAL_RATE_LIMIT per client address.
    const refusedFor = (waitSeconds: number) => {
      if (waitSeconds <= 0) return done();
      reply.header('retry-after', String(waitSeconds));
      context.metrics.relay.tooManyRequests('address');
      done(new AddressLimitRefusal(msg('http.tooManyRequests'), 429));
    };
    const wait = context.limits.addresses.check(request.method, request.url, request.ip);
    if (typeof wait === 'number') return refusedFor(wait);
    wait.then(refusedFor, done);
  });
  registerJsonBodyParser(app);
  // Console answers are in the language the request asks for (Accept-Language), English by default.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    closeSoonIfUnread(request);
    const refuse = (status: number, text: Text) =>
      reply.code(status).send({ success: false, message: render(text, requestLanguage(request)) });
    if (error instanceof LocalizedError) {
      // The sign-in limits' refusals (the address limits' are counted where they refuse).
      if (error.statusCode === 429 && !(error instanceof AddressLimitRefusal))
        context.metrics.relay.tooManyRequests('sign_in');
      return refuse(error.statusCode, error.text);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return refuse(503, msg('http.databaseUnavailable'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return refuse(status, clientErrorMessage(error));
    request.log.error({ err: error }, 'unhandled error');
    return refuse(500, msg('http.internal'));
  });

  const consoleFiles = await registerConsoleFiles(app, config.webDistDir);

  app.setNotFoundHandler((request, reply) => {
    closeSoonIfUnread(request);
    if (consoleFiles.serveApp(request, reply)) return reply;
    const text = msg('http.notFound', { method: request.method, path: request.url.split('?')[0]! });
    const relayBody = unknownRelayPathBody(request, render(text, 'en'));
    if (relayBody) return reply.code(404).send(relayBody);
    return reply.code(404).send({ success: false, message: render(text, requestLanguage(request)) });
  });

  await app.register(healthApi);
  await app.register(metricsApi);
  await app.register(statusApi);
  await app.register(userApi);
  await app.register(mailApi);
  await app.register(oauthApi);
  await app.register(optionApi);
  await app.register(tokenApi);
  await app.register(channelApi);
  await app.register(logApi);
  await app.register(redemptionApi);
  await app.register(topUpApi);
  await app.register(pricingApi);
  await app.register(dataApi);
  await app.register(taskApi);
  await app.register(jobsApi);
  await app.register(relayRoutes);
  return app;
}

import type { AcceptedTasks } from '../tasks/accepted-tasks.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Failure, Success } from '../routing/attempt.ts';
import { routeCall, type RouteResult } from '../routing/attempt-loop.ts';
import { candidatesFor } from '../routing/channel-candidates.ts';
import type { Caller } from './caller.ts';
import { consumeLogRow } from '../billing/consume-log.ts';
import { deliverAnswer, type Delivered } from '../answer/deliver.ts';
import type { Endpoint } from './endpoints.ts';
import { abortOnHangUp } from './hang-up.ts';
import { priceFor, usageQuota } from '../billing/pricing.ts';
import { estimateCost, perCallCost } from '../billing/call-cost.ts';
import type { RelayBody } from './relay-body.ts';
import { RelayError } from './relay-error.ts';
import { releaseReservation, reserveFor } from '../billing/reservation.ts';
import { admitCall, refuseSensitivePrompt, type CallNames } from './call-limits.ts';
import type { CallCancel } from './call-cancel.ts';
import type { Admission } from '../../limits/index.ts';
import type { Reservation } from '../../store/quota.ts';
import { hasFallbacks, type ModelStep } from '../routing/model-fallbacks.ts';
import type { SettlementBatcher } from '../billing/settlement-batcher.ts';
import { clampUsage } from '../billing/usage-limits.ts';
import type { Usage } from '../answer/usage.ts';
import type { UpstreamClient } from '../routing/upstream-client.ts';
import { discardAnswer } from '../routing/upstream-answer.ts';
import { msg } from '../../i18n/text.ts';
import { caught, thenNow, type NowOrLater } from '../../cache/now-or-later.ts';
import type { CallOutcome } from '../../ops/relay-metrics.ts';
import type { CallAnswer, CallTrace } from '../../ops/tracing.ts';

export interface RelayRuntime {
  upstream: UpstreamClient;
  settlements: SettlementBatcher;
  /** Names this process's reservations (see node-identity.ts). */
  nodeId: string;
  /** This process's reservations not yet handed to their settlement or refund. */
  inFlight: Set<string>;
  /** Task submissions the upstream accepted, kept until the database records them. */
  acceptedTasks: AcceptedTasks;
}

/** The client left before anything was asked of an upstream: nothing is reserved, called or charged. */
const clientGone = () => new RelayError(499, 'the client closed the connection', 'client_gone');

/** The last upstream failure as the caller's error, with the upstream's retry delay. */
function upstreamFailure(status: number, failure: Failure): RelayError {
  const error = new RelayError(status, failure.message, 'upstream_error', 'upstream_error');
  error.retryAfterSeconds = failure.retryAfterSeconds;
  return error;
}

/** How a call that reached its reservation failed, for the metrics. */
const failureOutcome = (error: unknown): CallOutcome =>
  error instanceof RelayError && error.status === 429 ? 'refused' : 'upstream_error';

/** One call as the pipeline carries it from the route to its settlement. */
interface RelayCall {
  trace: CallTrace | undefined;
  app: FastifyInstance;
  runtime: RelayRuntime;
  request: FastifyRequest;
  reply: FastifyReply;
  endpoint: Endpoint;
  caller: Caller;
  body: RelayBody;
  startedAt: number;
  cancel: CallCancel;
}

/** What an answered call hands to its settlement. */
interface Answered {
  route: RouteResult;
  success: Success;
  delivered: Delivered;
}

/**
 * One call through the gateway: price, reserve, try channels (retrying across tiers, never the
 * same channel twice), deliver the answer in the client's format, then settle and log off the
 * response path. A call that fails everywhere is refunded in full.
 */
async function relay(trace: CallTrace | undefined, ...args: CallArgs): Promise<FastifyReply> {
  const [app, runtime, request, reply, endpoint, caller, body] = args;
  const cancel = abortOnHangUp(reply);
  const call: RelayCall = {
    trace,
    app,
    runtime,
    request,
    reply,
    endpoint,
    caller,
    body,
    startedAt: Date.now(),
    cancel,
  };
  const admitted = admit(call);
  const { first, names, admission } = admitted instanceof Promise ? await admitted : admitted;
  let reservation: Reservation;
  try {
    reservation = await reserveFor(app, runtime.nodeId, caller, names.estimate);
  } catch (error) {
    admission.finish(NOT_SERVED);
    throw error;
  }
  // Tracked until handed to its settlement or refund: the orphan sweep (settlements.ts) ends any
  // reservation of this process older than a lease that is not here.
  runtime.inFlight.add(reservation.id);
  try {
    const answered = await answer(call, first, names, reservation, admission);
    const usage = settle(call, answered, reservation, admission);
    // After the settlement is handed over: nothing the trace does can come between a call and its charge.
    trace?.answered(answerTraced(reply, answered.success, usage, answered.delivered));
    // The answer may still be streaming out: Fastify waits on the reply, not on this function.
    return reply;
  } finally {
    runtime.inFlight.delete(reservation.id);
  }
}

const NOT_SERVED = { success: false, cost: 0, tokens: 0 };

/** What the checks before the reservation decided: the first model's channels and price, and the call's limits. */
interface Admitted {
  first: ModelStep;
  names: CallNames & { estimate: number };
  admission: Admission;
}

/**
 * The checks before anything is reserved: the key's models, the prompt, the channels, the limits.
 * At once when nothing must be loaded or counted (nearly every call): no turn of the microtask queue.
 */
function admit({ app, request, endpoint, caller, body, cancel }: RelayCall): NowOrLater<Admitted> {
  if (caller.modelLimits && !caller.modelLimits.has(body.model)) {
    throw new RelayError(403, msg('relay.modelNotForKey', { model: body.model }), 'model_not_allowed');
  }
  refuseSensitivePrompt(app, body);
  // Which channel first, as new-api's distributor does: a model no channel offers is named as such,
  // not as unpriced, so the operator looks at the channels.
  // A model with fallbacks may have no channel of its own left: its fallbacks are tried.
  const found = caught(
    () => candidatesFor(app.channels, caller, body.model),
    (error) => {
      if (hasFallbacks(app, caller, body.model)) return [];
      throw error;
    },
  );
  return thenNow(found, (candidates) => {
    const price = priceFor(app.settings, body.model, caller.group, caller.acceptUnsetRatio);
    const first: ModelStep = { model: body.model, candidates, price };
    const names = {
      model: body.model,
      requestId: request.id,
      estimate: estimateCost(app, endpoint, body, price),
    };
    return thenNow(admitCall(app, caller, names), (admission) => {
      if (cancel.clientGone) {
        admission.finish(NOT_SERVED);
        throw clientGone();
      }
      return { first, names, admission };
    });
  });
}

/**
 * Routes the call and delivers its answer. Nothing answered (the upstream failed, the client left,
 * the answer broke off before it was read): the reservation goes back in full, and the error is thrown.
 */
async function answer(
  { trace, app, runtime, request, reply, endpoint, caller, body, startedAt, cancel }: RelayCall,
  first: ModelStep,
  names: CallNames,
  reservation: Reservation,
  admission: Admission,
): Promise<Answered> {
  let success: Success | undefined;
  let releaseChannel = () => {};
  let route: RouteResult | undefined;
  let delivered: Delivered;
  try {
    route = await routeCall(app, runtime.upstream, endpoint, body, caller, names, first, cancel, trace);
    ({ success, releaseChannel } = route);
    // An upstream's (or a channel's) internal error is a bad gateway to the client: a 500 from
    // Relaygate means a fault of Relaygate itself, and never answers a call that reached upstream.
    const status = route.failure.status === 500 ? 502 : route.failure.status;
    if (!success) throw upstreamFailure(status, route.failure);
    const served = route.step.model === body.model ? body : { ...body, model: route.step.model };
    const delivering = deliverAnswer(request, reply, endpoint, served, success, startedAt);
    delivered = delivering instanceof Promise ? await delivering : delivering;
  } catch (error) {
    discardAnswer(success?.response);
    releaseChannel();
    admission.finish(NOT_SERVED);
    await releaseReservation(app, runtime.settlements, reservation);
    const outcome = cancel.clientGone ? 'client_gone' : failureOutcome(error);
    const lastChannelId = route?.tried.at(-1) ?? 0;
    app.metrics.relay.callEnded(
      body.clientFormat,
      body.model,
      lastChannelId,
      caller.group,
      outcome,
      undefined,
      0,
      reservation.amount,
      startedAt,
      undefined,
    );
    if (error instanceof RelayError) throw error;
    throw new RelayError(
      502,
      msg('relay.answerBrokeOff', { reason: (error as Error).message }),
      'upstream_error',
      'upstream_error',
    );
  }
  releaseChannel();
  return { route, success, delivered };
}

/** An answered call's charge at the serving model's price: its log row and settlement handed to the batcher. */
function settle(
  { app, runtime, request, endpoint, caller, body, startedAt }: RelayCall,
  { route, success, delivered }: Answered,
  reservation: Reservation,
  admission: Admission,
): Usage {
  const { usage, reported } = clampUsage(delivered.usage, body.maxTokens);
  // The serving model's price: a fallback's own.
  const { price } = route.step;
  const cost = price.perCall ? perCallCost(endpoint, body, price) : usageQuota(price, usage);
  admission.finish({ success: true, cost, tokens: usage.promptTokens + usage.completionTokens });
  const log = app.settings.bool('LogConsumeEnabled')
    ? consumeLogRow({
        caller,
        model: body.model,
        upstreamModel: success.upstreamModel,
        channelId: success.channel.id,
        triedChannels: route.tried,
        routing: route.details,
        usage,
        reportedUsage: reported,
        localCount: delivered.local,
        price,
        stream: delivered.stream,
        startedAt,
        firstByteMs: delivered.firstByteMs,
        requestId: request.id,
        upstreamRequestId: String(
          success.response.headers['x-request-id'] ?? success.response.headers['request-id'] ?? '',
        ),
        ip: request.ip,
      })
    : undefined;
  runtime.settlements.add({
    reservationId: reservation.id,
    payer: reservation.payer,
    reserved: reservation.amount,
    cost,
    channelId: success.channel.id,
    log,
  });
  const refunded = Math.max(0, reservation.amount - cost);
  app.metrics.relay.callEnded(
    body.clientFormat,
    body.model,
    success.channel.id,
    caller.group,
    'success',
    usage,
    cost,
    refunded,
    startedAt,
    delivered.firstByteMs,
  );
  return usage;
}

/** How an answered call ends its span. */
const answerTraced = (
  reply: FastifyReply,
  success: Success,
  usage: Usage,
  delivered: Delivered,
): CallAnswer => ({
  status: reply.raw.statusCode,
  channelId: success.channel.id,
  provider: success.family.name,
  responseModel: success.upstreamModel,
  usage,
  finishReasons: delivered.finishReasons,
});

/** What a relay call is given: the app, the runtime, the request and reply, what is called, by whom, with what. */
type CallArgs = [
  app: FastifyInstance,
  runtime: RelayRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: Endpoint,
  caller: Caller,
  body: RelayBody,
];

/**
 * One call through the gateway (see `relay`); with tracing on, inside a span of its own, child of
 * the client's `traceparent`. Off, nothing but the one check.
 */
export function relayCall(...args: CallArgs): Promise<FastifyReply> {
  const [app, , request, , endpoint, , body] = args;
  if (!app.tracing.enabled) return relay(undefined, ...args);
  const trace = app.tracing.startCall({
    headers: request.headers,
    requestId: request.id,
    kind: endpoint.kind,
    model: body.model,
    stream: body.stream,
  });
  return relay(trace, ...args).catch((error: unknown) => {
    trace.failed(error);
    throw error;
  });
}

import type { FastifyInstance } from 'fastify';
import { thenNow } from '../../cache/now-or-later.ts';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import type { BreakerChange } from '../../cache/circuit-breakers.ts';
import type { CallTrace } from '../../ops/tracing.ts';
import { tryChannel, type Failure, type Success } from './attempt.ts';
import type { CallCancel } from '../call/call-cancel.ts';
import { breakerPolicy, countsAgainstChannel, firstByteTimeoutMs } from './breaker-policy.ts';
import type { Caller } from '../call/caller.ts';
import { channelsFull, type CallNames } from '../call/call-limits.ts';
import { streamable, type Endpoint } from '../call/endpoints.ts';
import { fallbackSteps, type ModelStep } from './model-fallbacks.ts';
import type { RelayBody } from '../call/relay-body.ts';
import { chooseFreeChannel } from './channel-choice.ts';
import type { UpstreamClient } from './upstream-client.ts';
import { msg, render } from '../../i18n/text.ts';

/**
 * The retry loop: tries the call on the channels of its model (never one twice, moving down the
 * priority tiers, skipping channels whose circuit breaker is open for the model, leaving one whose
 * first byte is late), then, when none could serve, on those of its fallback models in order.
 */

/** What routing decided, for the log row's details. */
export interface RoutingDetails {
  /** Channels skipped without a call because their breaker was open for the model. */
  breakerSkipped: number[];
  /** Channels left because their first byte did not come in time. */
  firstByteTimeouts: number[];
  /** The fallback model that served, when the requested one could not. */
  fallbackModel?: string;
}

export interface RouteResult {
  success?: Success;
  /** The last failure, when no channel served. */
  failure: Failure;
  /** Channels called, in order, over every model tried. */
  tried: number[];
  /** The model that served (or was tried last) and its price. */
  step: ModelStep;
  /** Gives the serving channel's concurrency slot back. */
  releaseChannel: () => void;
  details: RoutingDetails;
}

/** Tells the breaker how an attempt went: a failure that counts, a success, or no verdict. */
function judge(
  app: FastifyInstance,
  channel: RoutableChannel,
  model: string,
  result: Success | Failure,
  probe: boolean,
) {
  let change: BreakerChange | undefined;
  if ('response' in result) change = app.breakers.succeeded(channel.id, model);
  else if (countsAgainstChannel(result.status))
    change = app.breakers.failed(channel.id, model, result.message, breakerPolicy(app.settings, channel));
  else if (probe) app.breakers.released(channel.id, model);
  if (change) app.metrics.relay.breakerChanged(channel.id, model, change);
}

/** The routing decisions into the metrics, when there were any beyond the first channel. */
function reportRouting(app: FastifyInstance, model: string, details: RoutingDetails): void {
  if (details.breakerSkipped.length > 0 || details.firstByteTimeouts.length > 0 || details.fallbackModel)
    app.metrics.relay.routed(model, details);
}

/** Every channel was skipped as open: 503, come back after a cool-down. */
function restingFailure(app: FastifyInstance, model: string): Failure {
  const seconds = app.settings.number('CircuitBreakerCooldownSeconds');
  return {
    status: 503,
    message: render(msg('relay.channelsResting', { model, seconds }), 'en'),
    retryable: true,
    retryAfterSeconds: seconds,
  };
}

/** One call's routing as it goes: what it is, what was tried, what was decided. */
interface Routing {
  app: FastifyInstance;
  upstream: UpstreamClient;
  endpoint: Endpoint;
  body: RelayBody;
  caller: Caller;
  call: CallNames;
  cancel: CallCancel;
  trace: CallTrace | undefined;
  stream: boolean;
  attempts: number;
  tried: number[];
  skipped: Set<number>;
  details: RoutingDetails;
  failure: Failure;
}

export async function routeCall(
  app: FastifyInstance,
  upstream: UpstreamClient,
  endpoint: Endpoint,
  body: RelayBody,
  caller: Caller,
  call: CallNames,
  first: ModelStep,
  cancel: CallCancel,
  /** The call's span when tracing is on: each attempt becomes a child of it. */
  trace?: CallTrace,
): Promise<RouteResult> {
  const routing: Routing = {
    app,
    upstream,
    endpoint,
    body,
    caller,
    call,
    cancel,
    trace,
    stream: body.stream && streamable(endpoint.kind),
    attempts: caller.pinnedChannelId !== undefined ? 1 : app.settings.number('RetryTimes') + 1,
    tried: [],
    skipped: new Set<number>(),
    details: { breakerSkipped: [], firstByteTimeouts: [] },
    failure: { status: 503, message: 'no channel could serve this call', retryable: false },
  };
  let step = first;
  for (const next of fallbackSteps(app, caller, first)) {
    step = next;
    const served = await tryModel(routing, step);
    if (typeof served !== 'number') return served;
    // A refusal that is the caller's own (not retryable) would be refused by any model as well.
    if ((served > 0 && !routing.failure.retryable) || cancel.clientGone) break;
  }
  const { details, failure, tried } = routing;
  details.breakerSkipped = [...routing.skipped];
  reportRouting(app, body.model, details);
  return { failure, tried, step, releaseChannel: () => {}, details };
}

/** Tries the call on one model's channels: its result when one served, else how many were called. */
async function tryModel(routing: Routing, step: ModelStep): Promise<RouteResult | number> {
  const { app, body, caller, call, cancel, skipped, details, tried } = routing;
  const { model, candidates } = step;
  const stepBody = model === body.model ? body : { ...body, model };
  const triedHere: number[] = [];
  let probe = false;
  const admit = (channel: RoutableChannel) => {
    const admission = app.breakers.admit(channel.id, model);
    if (admission === 'open') skipped.add(channel.id);
    probe = admission === 'probe';
    return admission !== 'open';
  };
  const hold = (channel: RoutableChannel) =>
    thenNow(app.limits.channels.hold(channel.id, channel.row.concurrency_limit), (release) => {
      if (!release && probe) app.breakers.released(channel.id, model);
      return release;
    });
  for (let attempt = 0; attempt < routing.attempts && !cancel.clientGone; attempt++) {
    const choice = chooseFreeChannel(candidates, triedHere, attempt, hold, admit);
    const free = choice instanceof Promise ? await choice : choice;
    if (!free.channel) {
      if (free.allFull && tried.length === 0 && model === body.model) throw channelsFull(app, caller, call);
      break;
    }
    const { channel } = free;
    tried.push(channel.id);
    triedHere.push(channel.id);
    const timeoutMs = firstByteTimeoutMs(app.settings, channel, routing.stream);
    const { upstream, endpoint, trace } = routing;
    const result = await tryChannel(app, upstream, endpoint, stepBody, channel, cancel, timeoutMs, trace);
    judge(app, channel, model, result, probe);
    if ('response' in result) {
      details.breakerSkipped = [...skipped];
      if (model !== body.model) details.fallbackModel = model;
      reportRouting(app, body.model, details);
      return {
        success: result,
        failure: routing.failure,
        tried,
        step,
        releaseChannel: free.release,
        details,
      };
    }
    free.release();
    routing.failure = result;
    if (result.firstByteTimeout) details.firstByteTimeouts.push(channel.id);
    if (!result.retryable) break;
  }
  if (triedHere.length === 0 && skipped.size > 0) routing.failure = restingFailure(app, model);
  return triedHere.length;
}

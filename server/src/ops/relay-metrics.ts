/**
 * What the relay tells the metrics, at the few places where something is decided: a call ended
 * (settled or refunded), an upstream failed, a channel was turned off, a limit refused a call.
 * Every method is cheap: one key, one map lookup, a few additions; labels are built at scrape time.
 */
import type { Registry } from 'prom-client';
import type { BreakerChange } from '../cache/circuit-breakers.ts';
import { Buckets, registerSourced, type Labels, type MetricValue } from './metric-source.ts';

/** Tokens of one call, as the relay's usage holds them (cached within input, reasoning within output). */
export interface TokenUse {
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
  reasoningTokens: number;
}

/** How a relay call ended. */
export type CallOutcome = 'success' | 'upstream_error' | 'client_gone' | 'refused';

export interface RelayMetrics {
  /**
   * A call that held a reservation ended: `charged` quota settled and `refunded` given back,
   * `startedAt` and `firstByteMs` as the call's log row has them (undefined: no first byte; 0 is
   * an answer begun within the millisecond).
   */
  callEnded(
    clientFormat: string,
    model: string,
    channelId: number,
    group: string,
    outcome: CallOutcome,
    usage: TokenUse | undefined,
    charged: number,
    refunded: number,
    startedAt: number,
    firstByteMs: number | undefined,
  ): void;
  /** An upstream answered with an error (`status`), or could not be reached (`status` 0). */
  upstreamError(channelId: number, status: number): void;
  /** A channel was turned off automatically. */
  channelAutoDisabled(channelId: number): void;
  /** A limit refused a call with 429; `limit` names it (the refusal's code). */
  tooManyRequests(limit: string): void;
  /** This node's verdict opened, reopened or closed the breaker of a channel for a model. */
  breakerChanged(channelId: number, model: string, change: BreakerChange): void;
  /** What routing decided beyond the first channel: open breakers skipped, first bytes too late, a fallback. */
  routed(model: string, decisions: RoutingDecisions): void;
}

/** What routing decided for one call (relay/routing/attempt-loop.ts's details, as the metrics read them). */
export interface RoutingDecisions {
  breakerSkipped: number[];
  firstByteTimeouts: number[];
  fallbackModel?: string;
}

export const NO_RELAY_METRICS: RelayMetrics = {
  callEnded: () => {},
  upstreamError: () => {},
  channelAutoDisabled: () => {},
  tooManyRequests: () => {},
  breakerChanged: () => {},
  routed: () => {},
};

/** OpenTelemetry's advised buckets for gen_ai.server.request.duration and time_to_first_token. */
const DURATION_BOUNDS = [
  0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92,
];
const FIRST_TOKEN_BOUNDS = [
  0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
];

/** The error.type of an upstream failure, by its status. */
export function upstreamErrorType(status: number): string {
  if (status === 0) return 'connection';
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate_limit';
  if (status === 408 || status === 504 || status === 524) return 'timeout';
  if (status >= 500) return 'server';
  if (status >= 400) return 'request';
  return 'other';
}

/** The counts of one (format, model, channel, group, outcome). */
interface CallEntry {
  labels: Labels;
  calls: number;
  input: number;
  output: number;
  cached: number;
  reasoning: number;
  charged: number;
  refunded: number;
  /** Shared by every entry of the same format, model and outcome. */
  duration: Buckets;
  firstToken: Buckets;
}

const TOKEN_TYPES = ['input', 'output', 'cached', 'reasoning'] as const;

/** A count per key, with the labels of each key made once. */
class LabeledCounts {
  readonly entries = new Map<string, { labels: Labels; value: number }>();

  add(key: string, labels: () => Labels, amount = 1): void {
    const entry = this.entries.get(key);
    if (entry) entry.value += amount;
    else this.entries.set(key, { labels: labels(), value: amount });
  }

  values(): MetricValue[] {
    return [...this.entries.values()].map(({ labels, value }) => ({ labels, value }));
  }
}

export class RelayTally implements RelayMetrics {
  private readonly calls = new Map<string, CallEntry>();
  private readonly histograms = new Map<string, { labels: Labels; duration: Buckets; firstToken: Buckets }>();
  private readonly upstreamErrors = new LabeledCounts();
  private readonly autoDisabled = new LabeledCounts();
  private readonly refusals = new LabeledCounts();
  private readonly breakerChanges = new LabeledCounts();
  private readonly breakerSkips = new LabeledCounts();
  private readonly firstByteTimeouts = new LabeledCounts();
  private readonly fallbacks = new LabeledCounts();

  readonly callEnded: RelayMetrics['callEnded'] = (
    clientFormat,
    model,
    channelId,
    group,
    outcome,
    usage,
    charged,
    refunded,
    startedAt,
    firstByteMs,
  ) => {
    const key = `${clientFormat}\u0001${model}\u0001${channelId}\u0001${group}\u0001${outcome}`;
    let entry = this.calls.get(key);
    if (!entry) entry = this.newEntry(key, clientFormat, model, channelId, group, outcome);
    entry.calls++;
    if (usage) {
      entry.input += usage.promptTokens;
      entry.output += usage.completionTokens;
      entry.cached += usage.cachedTokens;
      entry.reasoning += usage.reasoningTokens;
    }
    entry.charged += charged;
    entry.refunded += refunded;
    entry.duration.observe((Date.now() - startedAt) / 1000);
    if (firstByteMs !== undefined) entry.firstToken.observe(firstByteMs / 1000);
  };

  upstreamError(channelId: number, status: number): void {
    const type = upstreamErrorType(status);
    this.upstreamErrors.add(`${channelId}\u0001${type}`, () => ({
      channel: String(channelId),
      error_type: type,
    }));
  }

  channelAutoDisabled(channelId: number): void {
    this.autoDisabled.add(String(channelId), () => ({ channel: String(channelId) }));
  }

  tooManyRequests(limit: string): void {
    this.refusals.add(limit, () => ({ limit }));
  }

  breakerChanged(channelId: number, model: string, change: BreakerChange): void {
    this.breakerChanges.add(`${channelId}\u0001${model}\u0001${change}`, () => ({
      channel: String(channelId),
      gen_ai_request_model: model,
      change,
    }));
  }

  routed(model: string, decisions: RoutingDecisions): void {
    const perChannel = (counts: LabeledCounts, channelId: number) =>
      counts.add(`${channelId}\u0001${model}`, () => ({
        channel: String(channelId),
        gen_ai_request_model: model,
      }));
    for (const channelId of decisions.breakerSkipped) perChannel(this.breakerSkips, channelId);
    for (const channelId of decisions.firstByteTimeouts) perChannel(this.firstByteTimeouts, channelId);
    const fallback = decisions.fallbackModel;
    if (fallback)
      this.fallbacks.add(`${model}\u0001${fallback}`, () => ({
        gen_ai_request_model: model,
        fallback_model: fallback,
      }));
  }

  private newEntry(
    key: string,
    clientFormat: string,
    model: string,
    channelId: number,
    group: string,
    outcome: CallOutcome,
  ): CallEntry {
    const histogramKey = `${clientFormat}\u0001${model}\u0001${outcome}`;
    let histogram = this.histograms.get(histogramKey);
    if (!histogram) {
      histogram = {
        labels: { client_format: clientFormat, gen_ai_request_model: model, outcome },
        duration: new Buckets(DURATION_BOUNDS),
        firstToken: new Buckets(FIRST_TOKEN_BOUNDS),
      };
      this.histograms.set(histogramKey, histogram);
    }
    const labels = {
      client_format: clientFormat,
      gen_ai_request_model: model,
      channel: String(channelId),
      group,
      outcome,
    };
    const entry: CallEntry = {
      labels,
      calls: 0,
      input: 0,
      output: 0,
      cached: 0,
      reasoning: 0,
      charged: 0,
      refunded: 0,
      duration: histogram.duration,
      firstToken: histogram.firstToken,
    };
    this.calls.set(key, entry);
    return entry;
  }

  private perCall(read: (entry: CallEntry) => number): () => MetricValue[] {
    return () => [...this.calls.values()].map((entry) => ({ labels: entry.labels, value: read(entry) }));
  }

  /** Adds every relay metric to `registry`. */
  register(registry: Registry): void {
    const entries = () => [...this.calls.values()];
    registerSourced(registry, {
      name: 'relaygate_relay_requests_total',
      help: 'Relay calls that held a reservation, by client format, model, channel, group and outcome.',
      type: 'counter',
      values: this.perCall((e) => e.calls),
    });
    registerSourced(registry, {
      name: 'relaygate_tokens_total',
      help: 'Tokens of relay calls by gen_ai.token.type (input, output, cached within input, reasoning within output).',
      type: 'counter',
      values: () =>
        entries().flatMap((e) =>
          TOKEN_TYPES.map((type) => ({ labels: { ...e.labels, gen_ai_token_type: type }, value: e[type] })),
        ),
    });
    registerSourced(registry, {
      name: 'relaygate_quota_charged_total',
      help: 'Quota charged for relay calls, in quota units.',
      type: 'counter',
      values: this.perCall((e) => e.charged),
    });
    registerSourced(registry, {
      name: 'relaygate_quota_refunded_total',
      help: 'Quota reserved for relay calls and given back, in quota units.',
      type: 'counter',
      values: this.perCall((e) => e.refunded),
    });
    const histograms = () => [...this.histograms.values()];
    registerSourced(registry, {
      name: 'gen_ai_server_request_duration_seconds',
      help: 'gen_ai.server.request.duration: seconds from the call arriving to its answer ending.',
      type: 'histogram',
      values: () =>
        histograms().flatMap((h) => h.duration.values('gen_ai_server_request_duration_seconds', h.labels)),
    });
    registerSourced(registry, {
      name: 'gen_ai_server_time_to_first_token_seconds',
      help: 'gen_ai.server.time_to_first_token: seconds from the call arriving to the first byte of its answer.',
      type: 'histogram',
      values: () =>
        histograms()
          .filter((h) => h.firstToken.count > 0)
          .flatMap((h) => h.firstToken.values('gen_ai_server_time_to_first_token_seconds', h.labels)),
    });
    registerSourced(registry, {
      name: 'relaygate_upstream_errors_total',
      help: 'Upstream failures by channel and error.type (connection, auth, rate_limit, timeout, server, request).',
      type: 'counter',
      values: () => this.upstreamErrors.values(),
    });
    registerSourced(registry, {
      name: 'relaygate_channel_auto_disables_total',
      help: 'Channels turned off automatically after an upstream failure.',
      type: 'counter',
      values: () => this.autoDisabled.values(),
    });
    registerSourced(registry, {
      name: 'relaygate_http_too_many_requests_total',
      help: 'Requests answered 429, by the limit that refused them.',
      type: 'counter',
      values: () => this.refusals.values(),
    });
    const counter = (name: string, help: string, counts: LabeledCounts) =>
      registerSourced(registry, { name, help, type: 'counter', values: () => counts.values() });
    counter(
      'relaygate_circuit_breaker_changes_total',
      "Circuit breakers (channel × model) this node's verdicts opened, reopened after a failed probe, or closed.",
      this.breakerChanges,
    );
    counter(
      'relaygate_circuit_breaker_skips_total',
      'Channels skipped without a call because their breaker was open for the model.',
      this.breakerSkips,
    );
    counter(
      'relaygate_first_byte_timeouts_total',
      'Attempts cancelled because their first byte (a stream: its first event) did not come in time.',
      this.firstByteTimeouts,
    );
    counter(
      'relaygate_model_fallbacks_total',
      'Calls served by a fallback model because no channel of the requested one could.',
      this.fallbacks,
    );
  }
}

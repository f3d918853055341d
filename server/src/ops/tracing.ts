/**
 * OpenTelemetry traces of relay calls, on when OTEL_EXPORTER_OTLP_ENDPOINT is set: one span per
 * call (child of the client's `traceparent`) and one child span per upstream attempt, whose context
 * goes upstream in `traceparent`. Off, the relay checks `enabled` and makes nothing, and the SDK is
 * never loaded (tracing-sdk.ts holds everything that touches it).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { TokenUse } from './relay-metrics.ts';

/** A relay call as its span starts. */
export interface CallStart {
  headers: IncomingHttpHeaders;
  requestId: string;
  /** The endpoint's kind (chat, embedding, …): gen_ai.operation.name. */
  kind: string;
  model: string;
  stream: boolean;
}

/** How a call that was answered ended. */
export interface CallAnswer {
  status: number;
  channelId: number;
  /** The channel's provider family: gen_ai.provider.name. */
  provider: string;
  /** The model the upstream was asked for (after the channel's mapping). */
  responseModel: string;
  usage: TokenUse;
  finishReasons?: string[];
}

/** One upstream attempt's span: its `traceparent` goes upstream. */
export interface AttemptTrace {
  readonly traceparent: string;
  /** The upstream answered `status` (0: not reached); `error` says why the attempt failed. */
  ended(status: number, error?: string): void;
}

/** A relay call's span. */
export interface CallTrace {
  attempt(channelId: number, provider: string, upstreamModel: string): AttemptTrace;
  answered(answer: CallAnswer): void;
  failed(error: unknown): void;
}

export interface Tracing {
  readonly enabled: boolean;
  /** Only called when enabled. */
  startCall(start: CallStart): CallTrace;
  /** Sends what is still buffered, then stops. */
  close(): Promise<void>;
}

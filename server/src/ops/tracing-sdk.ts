/**
 * The OpenTelemetry SDK behind tracing.ts, loaded only when tracing is on: a tracer provider of its
 * own (nothing global is registered), a batching OTLP/HTTP exporter (JSON), and the spans of relay
 * calls and their upstream attempts with the GenAI semantic conventions' attributes.
 */
import {
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVICE_NAME,
} from '@opentelemetry/semantic-conventions';
import {
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_REQUEST_STREAM,
  ATTR_GEN_AI_RESPONSE_FINISH_REASONS,
  ATTR_GEN_AI_RESPONSE_MODEL,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
} from '@opentelemetry/semantic-conventions/incubating';
import type { TracingSettings } from '../config.ts';
import type { AttemptTrace, CallAnswer, CallStart, CallTrace, Tracing } from './tracing.ts';

/** Relaygate's own attributes: the channel that served (or was tried) and the call's request id. */
export const ATTR_CHANNEL_ID = 'relaygate.channel.id';
export const ATTR_REQUEST_ID = 'relaygate.request.id';

/** gen_ai.operation.name of an endpoint kind: the convention's names where it has one. */
const OPERATIONS: Record<string, string> = {
  chat: 'chat',
  responses: 'chat',
  completion: 'text_completion',
  embedding: 'embeddings',
};

const propagator = new W3CTraceContextPropagator();

/** What kind of error ended a call: the relay's code, else its type, else the error's class. */
function errorType(error: unknown): string {
  const { code, type, name } = (error ?? {}) as { code?: unknown; type?: unknown; name?: unknown };
  if (typeof code === 'string' && code) return code;
  if (typeof type === 'string' && type) return type;
  return typeof name === 'string' && name ? name : '_OTHER';
}

function failSpan(span: Span, type: string, message: string): void {
  span.setAttribute(ATTR_ERROR_TYPE, type);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}

/** The span of one upstream attempt, child of its call's. */
function attemptTrace(
  tracer: Tracer,
  call: Span,
  channelId: number,
  provider: string,
  model: string,
  operation: string,
): AttemptTrace {
  const parent = trace.setSpan(ROOT_CONTEXT, call);
  const span = tracer.startSpan(
    `${operation} ${model}`,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        [ATTR_GEN_AI_REQUEST_MODEL]: model,
        [ATTR_GEN_AI_PROVIDER_NAME]: provider,
        [ATTR_CHANNEL_ID]: channelId,
      },
    },
    parent,
  );
  const carrier: Record<string, string> = {};
  propagator.inject(trace.setSpan(ROOT_CONTEXT, span), carrier, defaultTextMapSetter);
  return {
    traceparent: carrier.traceparent ?? '',
    ended(status, error) {
      if (status > 0) span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
      if (error !== undefined) failSpan(span, status > 0 ? String(status) : 'connection', error);
      span.end();
    },
  };
}

function callTrace(tracer: Tracer, start: CallStart): CallTrace {
  const operation = OPERATIONS[start.kind] ?? start.kind;
  const parent = propagator.extract(ROOT_CONTEXT, start.headers, defaultTextMapGetter);
  const span = tracer.startSpan(
    `${operation} ${start.model}`,
    {
      kind: SpanKind.SERVER,
      attributes: {
        [ATTR_GEN_AI_OPERATION_NAME]: operation,
        [ATTR_GEN_AI_REQUEST_MODEL]: start.model,
        [ATTR_GEN_AI_REQUEST_STREAM]: start.stream,
        [ATTR_REQUEST_ID]: start.requestId,
      },
    },
    parent,
  );
  let lastChannel = 0;
  return {
    attempt(channelId, provider, upstreamModel) {
      lastChannel = channelId;
      return attemptTrace(tracer, span, channelId, provider, upstreamModel, operation);
    },
    answered(answer: CallAnswer) {
      const attributes: Attributes = {
        [ATTR_HTTP_RESPONSE_STATUS_CODE]: answer.status,
        [ATTR_CHANNEL_ID]: answer.channelId,
        [ATTR_GEN_AI_PROVIDER_NAME]: answer.provider,
        [ATTR_GEN_AI_RESPONSE_MODEL]: answer.responseModel,
        [ATTR_GEN_AI_USAGE_INPUT_TOKENS]: answer.usage.promptTokens,
        [ATTR_GEN_AI_USAGE_OUTPUT_TOKENS]: answer.usage.completionTokens,
      };
      if (answer.finishReasons?.length)
        attributes[ATTR_GEN_AI_RESPONSE_FINISH_REASONS] = answer.finishReasons;
      span.setAttributes(attributes);
      span.end();
    },
    failed(error) {
      const status = (error as { status?: unknown } | undefined)?.status;
      if (typeof status === 'number') span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
      if (lastChannel) span.setAttribute(ATTR_CHANNEL_ID, lastChannel);
      failSpan(span, errorType(error), error instanceof Error ? error.message : String(error));
      span.end();
    },
  };
}

export function sdkTracing(settings: TracingSettings): Tracing {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: settings.url }),
        scheduledDelayMillis: settings.scheduleDelayMs,
      }),
    ],
  });
  const tracer = provider.getTracer('relaygate');
  return {
    enabled: true,
    startCall: (start) => callTrace(tracer, start),
    close: () => provider.shutdown(),
  };
}

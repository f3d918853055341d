import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type AnyValue = {
  stringValue?: string;
  intValue?: number | string;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: AnyValue[] };
};

/** One span as received, its attributes read into plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's: 2 server, 3 client. */
  kind: number;
  /** OTLP's: 0 unset, 1 ok, 2 error. */
  status: { code: number; message?: string };
  attributes: Record<string, unknown>;
  /** The resource's attributes (service.name). */
  resource: Record<string, unknown>;
}

function valueOf(value: AnyValue): unknown {
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(valueOf);
  if (value.intValue !== undefined) return Number(value.intValue);
  return value.stringValue ?? value.doubleValue ?? value.boolValue;
}

const attributesOf = (list: Array<{ key: string; value: AnyValue }> = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));

interface ExportRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: Array<{ key: string; value: AnyValue }> };
    scopeSpans?: Array<{
      spans?: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        status?: { code?: number; message?: string };
        attributes?: Array<{ key: string; value: AnyValue }>;
      }>;
    }>;
  }>;
}

/**
 * An OpenTelemetry collector on loopback that accepts OTLP/HTTP JSON at POST /v1/traces and keeps
 * every span it was sent, for tests to look at.
 */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  /** Bodies that were not OTLP JSON (the exporter sent protobuf, say). */
  readonly unreadable: string[] = [];
  private server: Server;
  url = '';

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (req.method !== 'POST' || req.url !== '/v1/traces') {
          res.writeHead(404).end();
          return;
        }
        try {
          this.take(JSON.parse(text) as ExportRequest);
        } catch {
          this.unreadable.push(`${String(req.headers['content-type'])}: ${text.slice(0, 200)}`);
          res.writeHead(400).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private take(request: ExportRequest): void {
    for (const resourceSpans of request.resourceSpans ?? []) {
      const resource = attributesOf(resourceSpans.resource?.attributes);
      for (const scope of resourceSpans.scopeSpans ?? [])
        for (const span of scope.spans ?? [])
          this.spans.push({
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId ?? '',
            name: span.name,
            kind: span.kind,
            status: { code: span.status?.code ?? 0, message: span.status?.message },
            attributes: attributesOf(span.attributes),
            resource,
          });
    }
  }
}

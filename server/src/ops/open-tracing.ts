/** Opens tracing as configured; only here is the SDK's module (tracing-sdk.ts) loaded, and only when on. */
import type { TracingSettings } from '../config.ts';
import type { Tracing } from './tracing.ts';

const OFF: Tracing = {
  enabled: false,
  startCall: () => {
    throw new Error('tracing is off');
  },
  close: async () => {},
};

/** Tracing as configured: off without settings, else the SDK loaded and a batching OTLP/HTTP exporter. */
export async function openTracing(settings: TracingSettings | undefined): Promise<Tracing> {
  if (!settings) return OFF;
  const { sdkTracing } = await import('./tracing-sdk.ts');
  return sdkTracing(settings);
}

/**
 * The process's Prometheus metrics (prom-client): the relay's counts, the node's gauges read at
 * scrape time, and Node's own (event-loop lag, heap, RSS). Off unless METRICS_ENABLED: then the
 * relay's recorder does nothing and nothing is collected.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';
import { workerMetrics } from './cluster-metrics.ts';
import { registerSourced, type SourcedMetric } from './metric-source.ts';
import { NO_RELAY_METRICS, RelayTally, type RelayMetrics } from './relay-metrics.ts';

export interface Metrics {
  readonly enabled: boolean;
  /** The relay's recorder (a no-op when metrics are off). */
  readonly relay: RelayMetrics;
  /** Adds a metric whose values are read at each scrape (ignored when off). */
  add(metric: SourcedMetric): void;
  /** The text of a scrape: this process's metrics, or, in a cluster worker, every worker's. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

const CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

const OFF: Metrics = {
  enabled: false,
  relay: NO_RELAY_METRICS,
  add: () => {},
  scrape: async () => '',
  contentType: CONTENT_TYPE,
};

/** `inCluster`: this process is one of a cluster's workers, and scrapes answer for all of them. */
export function openMetrics(enabled: boolean, inCluster: boolean): Metrics {
  if (!enabled) return OFF;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const relay = new RelayTally();
  relay.register(registry);
  const scrape = inCluster ? workerMetrics(registry) : () => registry.metrics();
  return {
    enabled,
    relay,
    add: (metric) => registerSourced(registry, metric),
    scrape,
    contentType: CONTENT_TYPE,
  };
}

/**
 * A metric whose values are read from our own counters at scrape time, in the shape prom-client's
 * registries print and its cluster aggregation sums (`get()` answering name, type and values). The
 * relay's hot path only adds to plain numbers; labels and text are made here, once per scrape.
 */
import type { Registry } from 'prom-client';

export type Labels = Record<string, string>;

export interface MetricValue {
  labels: Labels;
  value: number;
  /** For a histogram's `_bucket`, `_sum` and `_count` lines. */
  metricName?: string;
}

/** How the cluster's primary joins the workers' values of one series. */
export type Aggregator = 'sum' | 'max' | 'min' | 'first';

export interface SourcedMetric {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  aggregator?: Aggregator;
  values: () => MetricValue[];
}

/** Registers `metric` in `registry`; its values are read at each scrape. */
export function registerSourced(registry: Registry, metric: SourcedMetric): void {
  const { name, help, type, aggregator = 'sum' } = metric;
  const get = async () => ({ name, help, type, aggregator, values: metric.values() });
  registry.registerMetric({ name, help, type, aggregator, get, reset: () => {} } as never);
}

/**
 * Observations counted into fixed buckets: plain arrays, no label hashing per observation.
 * `bounds` are the upper bounds (seconds), ascending; the last bucket is +Inf.
 */
export class Buckets {
  readonly counts: number[];
  sum = 0;
  count = 0;
  private readonly bounds: readonly number[];

  constructor(bounds: readonly number[]) {
    this.bounds = bounds;
    this.counts = new Array<number>(bounds.length + 1).fill(0);
  }

  observe(value: number): void {
    let i = 0;
    while (i < this.bounds.length && value > this.bounds[i]!) i++;
    this.counts[i]!++;
    this.sum += value;
    this.count++;
  }

  /** The histogram's lines for these labels: cumulative buckets, then sum and count. */
  values(name: string, labels: Labels): MetricValue[] {
    const lines: MetricValue[] = [];
    let cumulative = 0;
    this.bounds.forEach((bound, i) => {
      cumulative += this.counts[i]!;
      lines.push({
        labels: { ...labels, le: String(bound) },
        value: cumulative,
        metricName: `${name}_bucket`,
      });
    });
    lines.push({ labels: { ...labels, le: '+Inf' }, value: this.count, metricName: `${name}_bucket` });
    lines.push({ labels, value: this.sum, metricName: `${name}_sum` });
    lines.push({ labels, value: this.count, metricName: `${name}_count` });
    return lines;
  }
}

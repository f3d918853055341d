/** The part of autocannon's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  /** One connection. `reqsMade` and `responseMax` are internal fields, read and set by load.ts. */
  interface Client extends EventEmitter {
    reqsMade?: number;
    responseMax?: number;
  }

  interface Options {
    url: string;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    timeout?: number;
    setupClient?: (client: Client) => void;
  }

  interface Result {
    requests: Histogram & { sent: number };
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }

  interface Instance extends EventEmitter {
    stop(): void;
  }

  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance;

  export default autocannon;
  export type { Client, Instance, Options, Result };
}

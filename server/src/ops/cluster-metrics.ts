/**
 * One scrape for all the workers of a node: the worker that receives GET /metrics asks the cluster
 * primary, which gathers every worker's metrics over the cluster IPC (prom-client's
 * AggregatorRegistry, summing counters and histograms) and answers with the joined text.
 */
import type { Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

const ASK = 'relaygate:metrics-ask';
const ANSWER = 'relaygate:metrics-answer';
/** prom-client's own gathering gives up after 5 s; this waits a little longer for its answer. */
const ANSWER_TIMEOUT_MS = 6_000;

interface Ask {
  tag: typeof ASK;
  id: number;
}
interface Answer {
  tag: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
let nextId = 0;
let listening = false;

function listenForAnswers(): void {
  if (listening) return;
  listening = true;
  process.on('message', (message: Partial<Answer>) => {
    if (message?.tag !== ANSWER || message.id === undefined) return;
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) pending?.reject(new Error(message.error));
    else pending?.resolve(message.text ?? '');
  });
}

/** In a worker: answers the primary's gathering with `registry`, and asks it for the node's text. */
export function workerMetrics(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one installs prom-client's answer to the primary's requests in this worker.
  new AggregatorRegistry();
  listenForAnswers();
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the cluster primary did not gather the metrics in time'));
      }, ANSWER_TIMEOUT_MS);
      waiting.set(id, {
        resolve: (text) => (clearTimeout(timer), resolve(text)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      process.send?.({ tag: ASK, id } satisfies Ask);
    });
}

/** In the primary: the handler of workers' messages that answers their asks for the node's metrics. */
export function primaryMetrics(): (worker: Worker, message: unknown, send: (answer: Answer) => void) => void {
  const aggregator = new AggregatorRegistry();
  return (_worker, message, send) => {
    const ask = message as Partial<Ask>;
    if (ask?.tag !== ASK || ask.id === undefined) return;
    const id = ask.id;
    aggregator.clusterMetrics().then(
      (text) => send({ tag: ANSWER, id, text }),
      (error: unknown) => send({ tag: ANSWER, id, error: (error as Error).message }),
    );
  };
}

import { MemoryLimitStore } from './memory-store.ts';
import { admitInSteps, finishInSteps } from './in-steps.ts';
import type {
  Adjustment,
  Admitted,
  ChargeResult,
  LeaseRequest,
  LimitStore,
  Release,
  WindowCharge,
} from './store.ts';

/**
 * The workers of one node without Redis count in their cluster primary: each operation is one
 * IPC message, carried out there on one in-memory store, one at a time, so limits stay exact
 * across workers. A lease holder's name starts with its worker's pid, so the primary frees the
 * slots of a worker that dies at once.
 */
const TAG = 'relaygate:limits';
/** A primary that does not answer this fast is treated as lost (the caller falls back). */
const ANSWER_TIMEOUT_MS = 5000;

type Operation =
  | { op: 'charge'; charges: WindowCharge[]; now: number }
  | { op: 'adjust'; key: string; delta: number; endsAt: number; now: number }
  | { op: 'read'; keys: string[]; now: number }
  | { op: 'acquire'; leases: LeaseRequest[]; now: number }
  | { op: 'renew'; leases: LeaseRequest[]; now: number }
  | { op: 'release'; keys: string[]; holder: string };

interface Request {
  tag: typeof TAG;
  id: number;
  operation: Operation;
}
interface Answer {
  tag: typeof TAG;
  id: number;
  result: unknown;
}

function carryOut(store: MemoryLimitStore, o: Operation): unknown {
  switch (o.op) {
    case 'charge':
      return store.chargeNow(o.charges, o.now);
    case 'adjust':
      return store.adjustNow(o.key, o.delta, o.endsAt, o.now);
    case 'read':
      return store.readNow(o.keys, o.now);
    case 'acquire':
      return store.acquireNow(o.leases, o.now);
    case 'renew':
      return store.renewNow(o.leases, o.now);
    case 'release':
      return store.releaseNow(o.keys, o.holder);
  }
}

/** In the primary: answers the workers' limit operations; `exited` frees a dead worker's slots. */
export function limitsPrimary(): {
  handle(worker: { process: { pid?: number } }, message: unknown, send: (answer: Answer) => void): void;
  exited(pid: number | undefined): void;
} {
  const store = new MemoryLimitStore();
  return {
    handle(_worker, message, send) {
      const request = message as Partial<Request> | null;
      if (request?.tag !== TAG || request.operation === undefined) return;
      send({ tag: TAG, id: request.id!, result: carryOut(store, request.operation) ?? null });
    },
    exited(pid) {
      if (pid !== undefined) store.releaseHoldersStartingWith(`${pid}:`);
    },
  };
}

/** In a worker: the primary's store, reached over IPC. */
export class ClusterLimitStore implements LimitStore {
  readonly name = 'cluster' as const;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();

  constructor() {
    process.on('message', (message: Partial<Answer> | null) => {
      if (message?.tag !== TAG || message.id === undefined) return;
      const waiter = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      waiter?.resolve(message.result);
    });
  }

  /** Lease holders named here start with this worker's pid (see limitsPrimary().exited). */
  static holderPrefix(): string {
    return `${process.pid}:`;
  }

  charge(charges: WindowCharge[], now: number): Promise<ChargeResult> {
    return this.ask({ op: 'charge', charges, now }) as Promise<ChargeResult>;
  }
  async adjust(key: string, delta: number, endsAt: number, now: number): Promise<void> {
    await this.ask({ op: 'adjust', key, delta, endsAt, now });
  }
  read(keys: string[], now: number): Promise<number[]> {
    return this.ask({ op: 'read', keys, now }) as Promise<number[]>;
  }
  acquire(leases: LeaseRequest[], now: number): Promise<number> {
    return this.ask({ op: 'acquire', leases, now }) as Promise<number>;
  }
  async renew(leases: LeaseRequest[], now: number): Promise<void> {
    await this.ask({ op: 'renew', leases, now });
  }
  admit(leases: LeaseRequest[], charges: WindowCharge[], now: number): Promise<Admitted> {
    return admitInSteps(this, leases, charges, now);
  }

  finish(release: Release | undefined, adjustments: Adjustment[], now: number): Promise<void> {
    return finishInSteps(this, release, adjustments, now);
  }

  async release(keys: string[], holder: string): Promise<void> {
    await this.ask({ op: 'release', keys, holder });
  }

  private ask(operation: Operation): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error('the cluster primary did not answer a limit operation'));
      }, ANSWER_TIMEOUT_MS);
      timer.unref();
      this.waiting.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        reject,
      });
      const sent = process.send?.({ tag: TAG, id, operation } satisfies Request);
      if (!sent) {
        clearTimeout(timer);
        this.waiting.delete(id);
        reject(new Error('no cluster primary to count limits in'));
      }
    });
  }
}

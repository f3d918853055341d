import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { PasswordJob } from './password-worker.ts';
import { LocalizedError, msg } from '../i18n/text.ts';

const COST = 10;
/** Jobs waiting for a thread at most; beyond, a sign-in is refused at once rather than queued. */
const MAX_QUEUE = 512;

// The sources run the worker as TypeScript; the bundle (dist/main.js) ships it as dist/password-worker.js.
const WORKER = new URL(
  import.meta.url.endsWith('.ts') ? './password-worker.ts' : './password-worker.js',
  import.meta.url,
);

let pool: Piscina | undefined;

/**
 * bcrypt runs in a small pool of worker threads (up to two, none once idle for 5 s), so a login flood
 * costs CPU on those threads but never stalls the event loop that serves the relay.
 */
function passwordPool(): Piscina {
  pool ??= new Piscina({
    filename: WORKER.href,
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
    idleTimeout: 5_000,
    maxQueue: MAX_QUEUE,
  });
  return pool;
}

async function run<T>(job: PasswordJob): Promise<T> {
  const threads = passwordPool();
  if (threads.queueSize >= MAX_QUEUE) {
    // A 4xx the console shows as is, in its language.
    throw new LocalizedError(msg('http.tooManyRequests'), 429);
  }
  return (await threads.run(job)) as T;
}

/** bcrypt, as new-api stores it, so its users' hashes keep working after an import. */
export const hashPassword = (password: string): Promise<string> => run({ hash: password, cost: COST });

export const verifyPassword = (password: string, hash: string): Promise<boolean> =>
  run<boolean>({ compare: password, against: hash });

export const DEFAULT_ROOT_USERNAME = 'root';
export const DEFAULT_ROOT_PASSWORD = '123456';

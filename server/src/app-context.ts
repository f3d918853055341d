import type { VerificationCodes } from './auth/verification-codes.ts';
import type { OptionsCache } from './cache/options-cache.ts';
import type { Config } from './config.ts';
import type { Store } from './store/db.ts';

/** The shared state every feature plugin may use, declared once on the Fastify instance. */
export interface AppContext {
  config: Config;
  store: Store;
  settings: OptionsCache;
  verificationCodes: VerificationCodes;
}

declare module 'fastify' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyInstance extends AppContext {}
}

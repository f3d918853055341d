import { Role } from '@relaygate/contract';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../store/users.ts';
import { DEFAULT_ROOT_PASSWORD, verifyPassword } from './password.ts';

/** Whether each root password hash seen is the default password's: one bcrypt per hash, ever. */
const verdicts = new Map<string, Promise<boolean>>();

function isDefaultPassword(hash: string): Promise<boolean> {
  let verdict = verdicts.get(hash);
  if (!verdict) {
    if (verdicts.size >= 64) verdicts.clear();
    verdict = verifyPassword(DEFAULT_ROOT_PASSWORD, hash);
    verdicts.set(hash, verdict);
  }
  return verdict;
}

/** What a session may still do while the root password is the default: read and change its own account. */
const ALLOWED_WHILE_DEFAULT = new Set(['GET /api/user/self', 'PUT /api/user/self']);

/**
 * Whether this request comes from a root session whose password is still the default: GET
 * /api/user/self says so, and the console then asks for a new password before anything else. An
 * access token (INITIAL_ROOT_ACCESS_TOKEN, or one root made) is a deliberate choice of the operator
 * and is never held.
 */
export async function mustChangeDefaultPassword(request: FastifyRequest, user: UserRow): Promise<boolean> {
  if (request.sessionId === null || user.role < Role.Root) return false;
  return isDefaultPassword(user.password);
}

/** Whether this console request must be refused: such a session may only read and change its own account. */
export async function heldForDefaultPassword(request: FastifyRequest, user: UserRow): Promise<boolean> {
  if (ALLOWED_WHILE_DEFAULT.has(`${request.method} ${request.routeOptions.url}`)) return false;
  return mustChangeDefaultPassword(request, user);
}

import { Role, UserStatus } from '@relaygate/contract';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { findUserByAccessToken, findUserById, type UserRow } from '../store/users.ts';
import { requestLanguage } from '../i18n/language.ts';
import { msg, render, type Text } from '../i18n/text.ts';
import { heldForDefaultPassword } from './default-password.ts';
import { readSession } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the role guard. */
    user: UserRow | null;
    sessionId: string | null;
  }
}

function deny(reply: FastifyReply, status: number, text: Text) {
  return reply.code(status).send({ success: false, message: render(text, requestLanguage(reply.request)) });
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? null : token;
}

/** Who the console request is from, or why it is refused (HTTP status and message). */
type Identity = { user: UserRow } | { status: number; text: Text };

/**
 * The console's authentication (new-api classic): a session cookie, or a system access token in
 * Authorization; then the New-Api-User header must name the same user. Missing login or a bad
 * header is HTTP 401; a disabled user is a business error (200, success:false).
 */
async function identify(request: FastifyRequest): Promise<Identity> {
  const db = request.server.store.db;
  let userId: number;
  let user: UserRow | undefined;
  const session = await readSession(db, request);
  if (session) {
    userId = session.userId;
    request.sessionId = session.sessionId;
  } else {
    const accessToken = bearerOf(request);
    if (!accessToken) return { status: 401, text: msg('auth.notLoggedIn') };
    user = await findUserByAccessToken(db, accessToken);
    if (!user) return { status: 401, text: msg('auth.invalidAccessToken') };
    userId = user.id;
  }

  const header = request.headers['new-api-user'];
  if (header === undefined || header === '') return { status: 401, text: msg('auth.userHeaderMissing') };
  if (typeof header !== 'string' || !/^\d+$/.test(header)) {
    return { status: 401, text: msg('auth.userHeaderNotId') };
  }
  if (Number(header) !== userId) return { status: 401, text: msg('auth.userHeaderMismatch') };

  user ??= await findUserById(db, userId);
  if (!user) return { status: 401, text: msg('auth.userGone') };
  if (user.status !== UserStatus.Enabled) return { status: 200, text: msg('auth.userDisabled') };
  return { user };
}

/**
 * Refuses the request unless it is from a signed-in user of at least this role. Routes run it as an
 * onRequest hook: from the headers alone, before any body is read.
 */
export function requireRole(minRole: number): onRequestAsyncHookHandler {
  return async function guard(request, reply) {
    const identity = await identify(request);
    if ('status' in identity) return deny(reply, identity.status, identity.text);
    if (identity.user.role < minRole) return deny(reply, 200, msg('auth.noPermission'));
    if (await heldForDefaultPassword(request, identity.user))
      return deny(reply, 200, msg('auth.changeDefaultPassword'));
    request.user = identity.user;
  };
}

/** Whether a request to a public route comes from a signed-in admin (never refuses anyone). */
export async function isAdminRequest(request: FastifyRequest): Promise<boolean> {
  if (!request.headers.cookie && !request.headers.authorization) return false;
  const identity = await identify(request);
  return 'user' in identity && identity.user.role >= Role.Admin;
}

/** The signed-in user of a request to a public route, or null (never refuses anyone). */
export async function optionalUser(request: FastifyRequest): Promise<UserRow | null> {
  if (!request.headers.cookie && !request.headers.authorization) return null;
  const identity = await identify(request);
  return 'user' in identity ? identity.user : null;
}

export const requireUser = requireRole(Role.Common);
export const requireAdmin = requireRole(Role.Admin);
export const requireRoot = requireRole(Role.Root);

/** The signed-in user inside a guarded handler. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error('currentUser() used on a route without a role guard');
  return request.user;
}

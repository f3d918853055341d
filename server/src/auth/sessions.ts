import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../store/db.ts';
import { deleteSession, findSession, insertSession } from '../store/sessions.ts';
import { nowSeconds } from '../store/users.ts';

export const SESSION_COOKIE = 'session';
const SESSION_SECONDS = 30 * 24 * 3600;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * Console sessions: the cookie carries a random secret, signed with SESSION_SECRET; the database
 * keeps only its hash. A session survives a restart while SESSION_SECRET stays the same, and
 * logout, disabling or deleting a user ends it everywhere.
 */
export async function startSession(db: Db, reply: FastifyReply, userId: number): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  const now = nowSeconds();
  const id = hashOf(secret);
  await insertSession(db, id, userId, now, now + SESSION_SECONDS);
  reply.setCookie(SESSION_COOKIE, secret, {
    signed: true,
    httpOnly: true,
    // Served over HTTPS (directly, or behind a proxy trusted by TRUST_PROXY that says so in
    // X-Forwarded-Proto): the browser must never send the session over plain HTTP.
    secure: reply.request.protocol === 'https',
    sameSite: 'strict',
    path: '/',
    maxAge: SESSION_SECONDS,
  });
  return id;
}

/** The session id and user id of a valid session cookie, or null. */
export async function readSession(
  db: Db,
  request: FastifyRequest,
): Promise<{ sessionId: string; userId: number } | null> {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const row = await findSession(db, hashOf(unsigned.value), nowSeconds());
  return row ? { sessionId: row.id, userId: Number(row.user_id) } : null;
}

export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = await readSession(db, request);
  if (session) await deleteSession(db, session.sessionId);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

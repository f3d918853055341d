import { UserStatus, type LoginResult } from '@relaygate/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { setTimeout as delay } from 'node:timers/promises';
import type { ExternalAccount, ThirdParty } from '../../auth/oauth/index.ts';
import { hashPassword } from '../../auth/password.ts';
import { oncePerWindow, type OncePerWindow } from '../../cache/once-per-window.ts';
import { randomAlphanumeric } from '../../auth/random.ts';
import { startSession } from '../../auth/sessions.ts';
import { msg } from '../../i18n/text.ts';
import { siteQuotaDisplay } from '../../options/quota-display.ts';
import type { Db } from '../../store/db.ts';
import { findBoundUser, highestUserId } from '../../store/user-bindings.ts';
import { findUserById, nowSeconds, updateUser, usernameTaken, type UserRow } from '../../store/users.ts';
import { ApiError } from '../errors.ts';
import { registerUser } from '../user/register-user.ts';
import { toLoginResult } from '../user/user-view.ts';

export { findBoundUser };

/** What the users columns hold: binding ids up to 128 characters, display names up to 64. */
const MAX_ID_LENGTH = 128;
const MAX_DISPLAY_NAME_LENGTH = 64;

/** An id longer than its column is refused (a database would refuse it less politely). */
function checkIdLength(party: ThirdParty, id: string): void {
  if (id.length > MAX_ID_LENGTH) {
    throw new ApiError(
      msg('oauth.providerRefused', { provider: party.label, detail: 'account id too long' }),
    );
  }
}

/** Binds the third-party account to the signed-in user, unless another user holds it already. */
export async function bindAccount(app: FastifyInstance, user: UserRow, party: ThirdParty, id: string) {
  checkIdLength(party, id);
  const holder = await findBoundUser(app.store.db, party.column, id);
  if (holder && holder.id !== user.id) {
    throw new ApiError(msg('oauth.alreadyBound', { provider: party.label }));
  }
  await updateUser(app.store.db, user.id, { [party.column]: id });
}

const PLAIN_USERNAME = /^[A-Za-z0-9_.-]{1,12}$/;

/** The provider's own name when it is free and fits, else `<prefix><next id>`, else a random suffix. */
async function freeUsername(db: Db, party: ThirdParty, wanted: string): Promise<string> {
  if (PLAIN_USERNAME.test(wanted) && !(await usernameTaken(db, wanted))) return wanted;
  const numbered = `${party.usernamePrefix}${(await highestUserId(db)) + 1}`;
  if (!(await usernameTaken(db, numbered))) return numbered;
  return `${party.usernamePrefix}${randomAlphanumeric(6)}`;
}

/** Creates an account bound to the third-party account, when registration is open. */
async function registerBound(
  app: FastifyInstance,
  party: ThirdParty,
  account: ExternalAccount,
  aff: string,
): Promise<UserRow> {
  const { settings, store } = app;
  if (!settings.bool('RegisterEnabled')) throw new ApiError(msg('account.registerDisabled'));
  const username = await freeUsername(store.db, party, account.username);
  const id = await registerUser(
    store,
    {
      username,
      displayName: Array.from(account.displayName || username)
        .slice(0, MAX_DISPLAY_NAME_LENGTH)
        .join(''),
      // Nobody knows this password: the account signs in through the provider until one is set.
      passwordHash: await hashPassword(randomAlphanumeric(32)),
      affCode: aff || undefined,
      bindings: { [party.column]: account.id },
    },
    {
      forNewUser: settings.number('QuotaForNewUser'),
      forInviter: settings.number('QuotaForInviter'),
      forInvitee: settings.number('QuotaForInvitee'),
      display: siteQuotaDisplay(settings),
    },
  );
  const user = await findUserById(store.db, id);
  if (!user) throw new Error(`user ${id} vanished right after registration`);
  return user;
}

/** Starts a session as password login does, for an enabled user. */
export async function signIn(app: FastifyInstance, reply: FastifyReply, user: UserRow): Promise<LoginResult> {
  if (user.status !== UserStatus.Enabled) throw new ApiError(msg('auth.userDisabled'));
  await startSession(app.store.db, reply, user.id);
  await updateUser(app.store.db, user.id, { last_login_at: nowSeconds() });
  return toLoginResult(user);
}

/** Registrations under way, by third-party account: one app's claims, seen by every node through Redis. */
const registrations = new WeakMap<object, OncePerWindow>();
const REGISTRATION_CLAIM_SECONDS = 30;
const REGISTRATION_WAIT_MS = 10_000;
const REGISTRATION_POLL_MS = 100;

/**
 * The user bound to this account, registering one when there is none. One request registers a
 * given account at a time (the binding column has no unique index: empty ones would collide), so
 * a second callback for the same new account (a double click, two tabs) waits for the first and
 * signs in to the user it created instead of creating another.
 */
async function boundOrRegistered(
  app: FastifyInstance,
  party: ThirdParty,
  account: ExternalAccount,
  aff: string,
): Promise<UserRow> {
  let claims = registrations.get(app.store);
  if (!claims) registrations.set(app.store, (claims = oncePerWindow('oauth-register', app.shared.redis)));
  const key = `${party.column}:${account.id}`;
  const deadline = Date.now() + REGISTRATION_WAIT_MS;
  for (;;) {
    const bound = await findBoundUser(app.store.db, party.column, account.id);
    if (bound) return bound;
    if (await claims.claim(key, REGISTRATION_CLAIM_SECONDS)) {
      try {
        // Bound between the look-up and the claim: the other request has finished.
        return (
          (await findBoundUser(app.store.db, party.column, account.id)) ??
          (await registerBound(app, party, account, aff))
        );
      } finally {
        await claims.release(key);
      }
    }
    if (Date.now() >= deadline) throw new ApiError(msg('oauth.signInUnderWay', { provider: party.label }));
    await delay(REGISTRATION_POLL_MS);
  }
}

/** Signs in the user bound to this account, or registers a new one bound to it (with the invite code). */
export async function signInOrRegister(
  app: FastifyInstance,
  reply: FastifyReply,
  party: ThirdParty,
  account: ExternalAccount,
  aff = '',
): Promise<LoginResult> {
  checkIdLength(party, account.id);
  return signIn(app, reply, await boundOrRegistered(app, party, account, aff));
}

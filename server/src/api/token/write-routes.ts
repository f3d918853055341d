import { TOKEN_BATCH_SUFFIX_LENGTH, TOKEN_KEY_LENGTH, TokenStatus } from '@relaygate/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Updateable } from 'kysely';
import { currentUser, requireUser } from '../../auth/guard.ts';
import { randomAlphanumeric } from '../../auth/random.ts';
import { usableGroups } from '../../options/groups.ts';
import { setBalance } from '../../store/quota.ts';
import type { TokensTable } from '../../store/schema.ts';
import { insertTokens, softDeleteOwnTokens, updateOwnToken, type TokenRow } from '../../store/tokens.ts';
import { nowSeconds, type UserRow } from '../../store/users.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { parseId, parseInput } from '../parse-input.ts';
import { ownToken } from './own-token.ts';
import { bothSlashes, queryFlag } from './paths.ts';
import { batchDeleteSchema, createTokenSchema, tokenStatusSchema, updateTokenSchema } from './schemas.ts';
import { toTokenColumns, toTokenView, validityAfterEdit } from './token-row.ts';
import { batchNames, enableRefusal, expiryRefusal, groupRefusal, statusAfterEdit } from './token-rules.ts';
import { msg, type Text } from '../../i18n/text.ts';

function refuseIf(verdict: Text | null): void {
  if (verdict) throw new ApiError(verdict);
}

/**
 * Creating, editing, enabling/disabling and deleting the signed-in user's own tokens. Every write
 * drops the token from the key cache, so the relay never authenticates with a stale copy.
 */
export const tokenWriteRoutes: FastifyPluginAsync = async (app) => {
  const { store, settings } = app;
  const guarded = { onRequest: requireUser };

  const forget = (keys: string[]) => keys.forEach((key) => app.keys.invalidateToken(key));

  /** A group or expiry re-sent unchanged by the edit form is accepted as it is. */
  function checkGroupAndExpiry(
    user: UserRow,
    fields: { group?: string; expired_time?: number },
    stored?: TokenRow,
  ) {
    if (fields.expired_time !== undefined && fields.expired_time !== Number(stored?.expired_time)) {
      refuseIf(expiryRefusal(fields.expired_time, nowSeconds()));
    }
    if (fields.group !== undefined && fields.group !== stored?.group) {
      refuseIf(groupRefusal(fields.group, usableGroups(settings, user.group)));
    }
  }

  async function save(userId: number, token: TokenRow, columns: Updateable<TokensTable>) {
    // The remaining quota is set net of what calls in flight hold (see setBalance); a value the
    // form re-sends unchanged changes nothing.
    const { remain_quota: remain, ...others } = columns;
    await updateOwnToken(store.db, userId, token.id, others);
    if (typeof remain === 'number' && remain !== Number(token.remain_quota))
      await setBalance(store, { table: 'tokens', id: token.id }, remain);
    forget([token.key]);
    return ok(toTokenView(await ownToken(store.db, userId, token.id)));
  }

  for (const url of bothSlashes('/api/token/')) {
    app.post(url, guarded, async (request) => {
      const user = currentUser(request);
      const { count = 1, ...fields } = parseInput(createTokenSchema, request.body);
      checkGroupAndExpiry(user, fields);
      const columns = toTokenColumns(fields);
      const now = nowSeconds();
      const names = batchNames(fields.name, count, () => randomAlphanumeric(TOKEN_BATCH_SUFFIX_LENGTH));
      const rows = await insertTokens(
        store,
        names.map((name) => ({
          ...columns,
          name,
          user_id: user.id,
          status: TokenStatus.Enabled,
          created_time: now,
        })),
        () => randomAlphanumeric(TOKEN_KEY_LENGTH),
      );
      forget(rows.map((row) => row.key));
      return ok(rows.map(toTokenView));
    });

    app.put(url, guarded, async (request) => {
      const user = currentUser(request);
      if (queryFlag((request.query as Record<string, unknown>).status_only)) {
        const { id, status } = parseInput(tokenStatusSchema, request.body);
        const token = await ownToken(store.db, user.id, id);
        if (status === TokenStatus.Enabled)
          refuseIf(enableRefusal(validityAfterEdit(token, {}), nowSeconds()));
        return save(user.id, token, { status });
      }
      const { id, ...fields } = parseInput(updateTokenSchema, request.body);
      const token = await ownToken(store.db, user.id, id);
      checkGroupAndExpiry(user, fields, token);
      const columns = toTokenColumns(fields);
      const status = statusAfterEdit(token.status, validityAfterEdit(token, fields), nowSeconds());
      if (status !== token.status) columns.status = status;
      return save(user.id, token, columns);
    });
  }

  for (const url of bothSlashes('/api/token/:id')) {
    app.delete(url, guarded, async (request) => {
      const id = parseId((request.params as { id: string }).id);
      const deleted = await softDeleteOwnTokens(store.db, currentUser(request).id, [id], nowSeconds());
      if (deleted.count === 0) throw new ApiError(msg('token.notFound'));
      forget(deleted.keys);
      return ok();
    });
  }

  app.post('/api/token/batch', guarded, async (request) => {
    const { ids } = parseInput(batchDeleteSchema, request.body);
    const deleted = await softDeleteOwnTokens(
      store.db,
      currentUser(request).id,
      [...new Set(ids)],
      nowSeconds(),
    );
    forget(deleted.keys);
    return ok(deleted.count);
  });
};

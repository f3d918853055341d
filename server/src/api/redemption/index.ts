import { REDEMPTION_KEY_LENGTH, RedemptionStatus, type RedemptionView } from '@relaygate/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireAdmin } from '../../auth/guard.ts';
import { siteQuotaDisplay } from '../../options/quota-display.ts';
import { randomAlphanumeric } from '../../auth/random.ts';
import {
  deleteInvalidRedemptions,
  deleteRedemption,
  findRedemption,
  insertRedemptions,
  searchRedemptions,
  updateUnusedRedemption,
  type RedemptionRow,
} from '../../store/redemptions.ts';
import { nowSeconds } from '../../store/users.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { pageOf, readPaging } from '../paging.ts';
import { parseId, parseInput } from '../parse-input.ts';
import { bothSlashes, queryFlag, queryText } from '../token/paths.ts';
import { defaultRedemptionName, expiryRefusal, statusChangeRefusal } from './rules.ts';
import { createRedemptionSchema, redemptionStatusSchema, updateRedemptionSchema } from './schemas.ts';
import { msg, type Text } from '../../i18n/text.ts';

export const toRedemptionView = (row: RedemptionRow): RedemptionView => ({
  id: Number(row.id),
  user_id: Number(row.user_id),
  key: row.key,
  status: Number(row.status),
  name: row.name,
  quota: Number(row.quota),
  created_time: Number(row.created_time),
  redeemed_time: Number(row.redeemed_time),
  used_user_id: Number(row.used_user_id),
  expired_time: Number(row.expired_time),
});

function refuseIf(verdict: Text | null): void {
  if (verdict) throw new ApiError(verdict);
}

/** /api/redemption/*: admins make, edit, switch and remove redemption codes; only they ever see the keys. */
export const redemptionApi: FastifyPluginAsync = async (app) => {
  const { store, settings } = app;
  const guarded = { preHandler: requireAdmin };

  async function existing(id: number): Promise<RedemptionRow> {
    const row = await findRedemption(store.db, id);
    if (!row) throw new ApiError(msg('redemption.notFound'));
    return row;
  }

  async function pageOfCodes(request: FastifyRequest, keyword?: string) {
    const paging = readPaging(request.query as Record<string, unknown>);
    const { total, items } = await searchRedemptions(store.db, {
      keyword,
      offset: paging.offset,
      limit: paging.pageSize,
    });
    return ok(pageOf(paging, total, items.map(toRedemptionView)));
  }

  for (const url of bothSlashes('/api/redemption/')) {
    app.get(url, guarded, (request) => pageOfCodes(request));

    app.post(url, guarded, async (request) => {
      const input = parseInput(createRedemptionSchema, request.body);
      const now = nowSeconds();
      refuseIf(expiryRefusal(input.expired_time, now));
      const name = input.name || defaultRedemptionName(input.quota, siteQuotaDisplay(settings));
      const row = { name, quota: input.quota, expired_time: input.expired_time, created_time: now };
      const rows = await insertRedemptions(
        store,
        Array.from({ length: input.count }, () => ({ ...row, status: RedemptionStatus.Unused })),
        () => randomAlphanumeric(REDEMPTION_KEY_LENGTH),
      );
      return ok(rows.map((created) => created.key));
    });

    app.put(url, guarded, async (request) => {
      if (queryFlag((request.query as Record<string, unknown>).status_only)) {
        const { id, status } = parseInput(redemptionStatusSchema, request.body);
        const row = await existing(id);
        refuseIf(statusChangeRefusal(Number(row.status), status));
        if (!(await updateUnusedRedemption(store.db, id, { status })))
          throw new ApiError(msg('redemption.usedStatus'));
        return ok(toRedemptionView(await existing(id)));
      }
      const { id, ...fields } = parseInput(updateRedemptionSchema, request.body);
      const row = await existing(id);
      if (Number(row.status) === RedemptionStatus.Used) throw new ApiError(msg('redemption.usedEdit'));
      if (fields.expired_time !== undefined && fields.expired_time !== Number(row.expired_time))
        refuseIf(expiryRefusal(fields.expired_time, nowSeconds()));
      if (Object.keys(fields).length > 0 && !(await updateUnusedRedemption(store.db, id, fields)))
        throw new ApiError(msg('redemption.usedEdit'));
      return ok(toRedemptionView(await existing(id)));
    });
  }

  app.get('/api/redemption/search', guarded, (request) =>
    pageOfCodes(request, queryText((request.query as Record<string, unknown>).keyword)),
  );

  for (const url of bothSlashes('/api/redemption/invalid')) {
    app.delete(url, guarded, async () => ok(await deleteInvalidRedemptions(store.db, nowSeconds())));
  }

  for (const url of bothSlashes('/api/redemption/:id')) {
    app.get(url, guarded, async (request) =>
      ok(toRedemptionView(await existing(parseId((request.params as { id: string }).id)))),
    );
    app.delete(url, guarded, async (request) => {
      const id = parseId((request.params as { id: string }).id);
      if (!(await deleteRedemption(store.db, id, nowSeconds())))
        throw new ApiError(msg('redemption.notFound'));
      return ok();
    });
  }
};

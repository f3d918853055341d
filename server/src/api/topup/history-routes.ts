import { EPAY_METHODS, LogType, type TopUpView } from '@relaygate/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { zodText } from '../../i18n/zod-issue.ts';
import { currentUser, requireAdmin, requireUser } from '../../auth/guard.ts';
import { completeTopUp } from '../../store/credit.ts';
import { describedBy } from '../../store/log-text.ts';
import { writeLog } from '../../store/log-writer.ts';
import { searchTopUps, type TopUpRow } from '../../store/top-ups.ts';
import { nowSeconds } from '../../store/users.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { pageOf, readPaging } from '../paging.ts';
import { parseInput } from '../parse-input.ts';
import { queryText } from '../token/paths.ts';
import { epayEnabled } from './epay-routes.ts';
import { stripeEnabled } from './stripe-routes.ts';
import { msg } from '../../i18n/text.ts';
import { logQuota, siteQuotaDisplay } from '../../options/quota-display.ts';

const toTopUpView = (row: TopUpRow): TopUpView => ({
  id: Number(row.id),
  user_id: Number(row.user_id),
  amount: Number(row.amount),
  money: Number(row.money),
  trade_no: row.trade_no,
  payment_method: row.payment_method,
  create_time: Number(row.create_time),
  complete_time: Number(row.complete_time),
  status: row.status,
});

const completeSchema = z.object({
  trade_no: z.string().trim().min(1, zodText('topup.tradeNoRequired')).max(255),
});

/** Amount presets the wallet offers (new-api's defaults). */
const AMOUNT_OPTIONS = [10, 20, 50, 100, 200, 500];

/** The wallet's order history and settings; admins see every order and may complete one by hand. */
export const topUpHistoryRoutes: FastifyPluginAsync = async (app) => {
  async function pageOfOrders(request: FastifyRequest, userId?: number) {
    const query = request.query as Record<string, unknown>;
    const paging = readPaging(query);
    const { total, items } = await searchTopUps(app.store.db, {
      userId,
      keyword: queryText(query.keyword),
      offset: paging.offset,
      limit: paging.pageSize,
    });
    return ok(pageOf(paging, total, items.map(toTopUpView)));
  }

  app.get('/api/user/topup/self', { preHandler: requireUser }, (request) =>
    pageOfOrders(request, currentUser(request).id),
  );
  app.get('/api/user/topup', { preHandler: requireAdmin }, (request) => pageOfOrders(request));

  app.get('/api/user/topup/info', { preHandler: requireUser }, async () => {
    const s = app.settings;
    const epay = epayEnabled(app);
    const stripe = stripeEnabled(app);
    return ok({
      enable_online_topup: epay,
      enable_stripe_topup: stripe,
      pay_methods: [...(epay ? EPAY_METHODS : []), ...(stripe ? ['stripe'] : [])],
      min_topup: s.number('MinTopUp'),
      stripe_min_topup: s.number('StripeMinTopUp'),
      price: s.number('Price'),
      stripe_unit_price: s.number('StripeUnitPrice'),
      top_up_link: s.get('TopUpLink'),
      amount_options: AMOUNT_OPTIONS,
    });
  });

  app.post('/api/user/topup/complete', { preHandler: requireAdmin }, async (request) => {
    const admin = currentUser(request);
    const { trade_no: tradeNo } = parseInput(completeSchema, request.body);
    const done = await completeTopUp(app.store, {
      tradeNo,
      now: nowSeconds(),
      quotaPerUnit: app.settings.number('QuotaPerUnit'),
      display: siteQuotaDisplay(app.settings),
      via: msg('log.viaAdmin', { username: admin.username, id: admin.id }),
    });
    if (!done) throw new ApiError(msg('topup.orderNotPending'));
    app.keys.invalidateUser(Number(done.order.user_id));
    await writeLog(app.store, {
      user_id: admin.id,
      username: admin.username,
      type: LogType.Manage,
      quota: done.quota,
      ...describedBy(
        msg('log.manualTopUp', {
          tradeNo,
          userId: Number(done.order.user_id),
          quota: logQuota(app.settings, done.quota),
        }),
      ),
    });
    return ok(toTopUpView({ ...done.order, status: 'success' }));
  });
};

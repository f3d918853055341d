import { EPAY_METHODS } from '@relaygate/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../../auth/guard.ts';
import { completeTopUp } from '../../store/credit.ts';
import { findTopUp } from '../../store/top-ups.ts';
import { nowSeconds } from '../../store/users.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { formatMoney } from './amount.ts';
import { epayForm, epayVerify, notifyFields, sameMoney } from './epay.ts';
import { callbackBase, epayTariff, openOrder, quote, serverAddress } from './orders.ts';
import { msg } from '../../i18n/text.ts';
import { siteQuotaDisplay } from '../../options/quota-display.ts';

/** EPay is on when its address, merchant id and key are all set. */
export function epayEnabled(app: { settings: { get(key: string): string } }): boolean {
  return ['PayAddress', 'EpayId', 'EpayKey'].every((key) => app.settings.get(key) !== '');
}

/**
 * Online top-up through an EPay site: the payable amount, the signed payment form, and the
 * notify the site calls once the user paid (new-api's paths and answers).
 */
export const epayRoutes: FastifyPluginAsync = async (app) => {
  const guarded = { preHandler: requireUser };

  app.post('/api/user/amount', guarded, async (request) => {
    const { money } = quote(app, currentUser(request), request.body, epayTariff(app));
    return ok(formatMoney(money), 'success');
  });

  app.post('/api/user/pay', guarded, async (request) => {
    if (!epayEnabled(app)) throw new ApiError(msg('topup.epayDisabled'));
    const user = currentUser(request);
    const order = quote(app, user, request.body, epayTariff(app));
    if (!(EPAY_METHODS as readonly string[]).includes(order.method))
      throw new ApiError(msg('topup.unsupportedMethod'));
    const notifyBase = callbackBase(app);
    const returnBase = serverAddress(app);
    const tradeNo = await openOrder(app, user, order);
    const data = epayForm({
      pid: app.settings.get('EpayId'),
      key: app.settings.get('EpayKey'),
      method: order.method,
      tradeNo,
      money: formatMoney(order.money),
      name: `TUC${order.amount}`,
      notifyUrl: `${notifyBase}/api/user/epay/notify`,
      returnUrl: `${returnBase}/topup`,
    });
    return { ...ok(data, 'success'), url: `${app.settings.get('PayAddress')}/submit.php` };
  });

  /** EPay wants the word `success` once the notify is taken (it retries otherwise), `fail` if refused. */
  async function notify(request: FastifyRequest, reply: FastifyReply) {
    const fields = notifyFields(request.method === 'POST' ? request.body : request.query);
    const refuse = (why: string) => {
      request.log.warn(
        { trade_no: fields.out_trade_no, money: fields.money, ip: request.ip },
        `epay notify refused: ${why}`,
      );
      return reply.type('text/plain').send('fail');
    };
    if (!epayEnabled(app)) return refuse('online top-up is not configured');
    if (!epayVerify(fields, app.settings.get('EpayKey'))) return refuse('bad signature');
    if (fields.pid !== app.settings.get('EpayId')) return refuse('another merchant id');
    const order = fields.out_trade_no ? await findTopUp(app.store.db, fields.out_trade_no) : undefined;
    if (!order) return refuse('unknown trade number');
    if (!sameMoney(fields.money ?? '', Number(order.money))) return refuse('amount differs from the order');
    if (fields.trade_status !== 'TRADE_SUCCESS') {
      request.log.info(
        { trade_no: order.trade_no, status: fields.trade_status },
        'epay notify: not paid yet',
      );
      return reply.type('text/plain').send('success');
    }
    const done = await completeTopUp(app.store, {
      tradeNo: order.trade_no,
      now: nowSeconds(),
      quotaPerUnit: app.settings.number('QuotaPerUnit'),
      display: siteQuotaDisplay(app.settings),
      via: msg('log.viaEpay', { trade: fields.trade_no ?? '' }),
      methods: EPAY_METHODS,
    });
    if (done) {
      app.keys.invalidateUser(Number(order.user_id));
      request.log.info({ trade_no: order.trade_no, quota: done.quota }, 'epay top-up credited');
    }
    return reply.type('text/plain').send('success');
  }

  // EPay sites call the notify with GET or with a POSTed form, as new-api accepts both.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.get('/api/user/epay/notify', notify);
  app.post('/api/user/epay/notify', notify);
};

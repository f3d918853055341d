import type { FastifyPluginAsync } from 'fastify';
import { request as httpRequest } from 'undici';
import { currentUser, requireUser } from '../../auth/guard.ts';
import { completeTopUp } from '../../store/credit.ts';
import { nowSeconds } from '../../store/users.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { formatMoney } from './amount.ts';
import { openOrder, quote, serverAddress, stripeTariff } from './orders.ts';
import { verifyStripeSignature } from './stripe-signature.ts';
import { msg } from '../../i18n/text.ts';
import { siteQuotaDisplay } from '../../options/quota-display.ts';

/** Stripe Checkout is on when its secret key, webhook secret and price are set. */
export function stripeEnabled(app: { settings: { get(key: string): string } }): boolean {
  return ['StripeApiSecret', 'StripeWebhookSecret', 'StripePriceId'].every(
    (key) => app.settings.get(key) !== '',
  );
}

/** Events that mean a Checkout session was paid. */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

interface StripeEvent {
  id?: string;
  type?: string;
  data?: { object?: { client_reference_id?: string; payment_status?: string } };
}

/**
 * Online top-up through Stripe Checkout: the payable amount, a Checkout session created through
 * Stripe's API (STRIPE_API_BASE), and the webhook Stripe calls once the session is paid.
 */
export const stripeRoutes: FastifyPluginAsync = async (app) => {
  const guarded = { preHandler: requireUser };

  app.post('/api/user/stripe/amount', guarded, async (request) => {
    const { money } = quote(app, currentUser(request), request.body, stripeTariff(app));
    return ok(formatMoney(money), 'success');
  });

  app.post('/api/user/stripe/pay', guarded, async (request) => {
    if (!stripeEnabled(app)) throw new ApiError(msg('topup.stripeDisabled'));
    const user = currentUser(request);
    const order = quote(app, user, request.body, stripeTariff(app));
    const back = `${serverAddress(app)}/topup`;
    const tradeNo = await openOrder(app, user, { ...order, method: 'stripe' });
    const form = new URLSearchParams({
      mode: 'payment',
      'line_items[0][price]': app.settings.get('StripePriceId'),
      'line_items[0][quantity]': String(order.amount),
      client_reference_id: tradeNo,
      'metadata[trade_no]': tradeNo,
      success_url: `${back}?paid=${encodeURIComponent(tradeNo)}`,
      cancel_url: back,
    });
    const answer = await httpRequest(`${app.config.stripeApiBase}/v1/checkout/sessions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${app.settings.get('StripeApiSecret')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
      headersTimeout: 15_000,
      bodyTimeout: 15_000,
    }).catch((error: unknown) => {
      request.log.warn({ err: error }, 'stripe checkout session failed');
      throw new ApiError(msg('topup.stripeUnreachable'));
    });
    const session = (await answer.body.json().catch(() => ({}))) as {
      url?: string;
      error?: { message?: string };
    };
    if (answer.statusCode >= 300 || typeof session.url !== 'string') {
      request.log.warn(
        { status: answer.statusCode, error: session.error?.message },
        'stripe refused the session',
      );
      const reason = session.error?.message ?? `HTTP ${answer.statusCode}`;
      throw new ApiError(msg('topup.stripeRefused', { reason }));
    }
    return ok({ pay_link: session.url, trade_no: tradeNo }, 'success');
  });

  // The webhook needs the raw body to check the signature, so this scope reads JSON as text.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );

    scope.post('/api/stripe/webhook', async (request, reply) => {
      const payload = typeof request.body === 'string' ? request.body : '';
      const verdict = verifyStripeSignature(
        payload,
        request.headers['stripe-signature'] as string | undefined,
        app.settings.get('StripeWebhookSecret'),
        nowSeconds(),
      );
      if (verdict !== 'valid') {
        request.log.warn({ verdict, ip: request.ip }, 'stripe webhook refused');
        return reply.code(400).send({ success: false, message: `invalid signature (${verdict})` });
      }
      let event: StripeEvent;
      try {
        event = JSON.parse(payload) as StripeEvent;
      } catch {
        return reply.code(400).send({ success: false, message: 'the event is not JSON' });
      }
      const session = event.data?.object;
      const tradeNo = session?.client_reference_id;
      if (!PAID_EVENTS.has(event.type ?? '') || session?.payment_status !== 'paid' || !tradeNo)
        return { received: true };
      const done = await completeTopUp(app.store, {
        tradeNo,
        now: nowSeconds(),
        quotaPerUnit: app.settings.number('QuotaPerUnit'),
        display: siteQuotaDisplay(app.settings),
        via: msg('log.viaStripe', { event: event.id ?? '' }),
        methods: ['stripe'],
      });
      if (done) {
        app.keys.invalidateUser(Number(done.order.user_id));
        request.log.info({ trade_no: tradeNo, quota: done.quota }, 'stripe top-up credited');
      } else
        request.log.info(
          { trade_no: tradeNo, event: event.id },
          'stripe webhook: order unknown or already paid',
        );
      return { received: true };
    });
  });
};

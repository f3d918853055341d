import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { randomAlphanumeric } from '../../auth/random.ts';
import { insertPendingTopUp } from '../../store/top-ups.ts';
import { nowSeconds, type UserRow } from '../../store/users.ts';
import { ApiError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { amountRefusal, payableMoney, topUpGroupRatio } from './amount.ts';
import { msg } from '../../i18n/text.ts';

const numeric = (value: unknown) =>
  typeof value === 'string' && /^\s*\d{1,12}\s*$/.test(value) ? Number(value) : value;

/** {amount, top_up_code, payment_method} as the wallet sends them; the amount may come as text. */
export const orderSchema = z.object({
  amount: z.preprocess(numeric, z.unknown()),
  top_up_code: z.string().max(64).optional(),
  payment_method: z.string().max(32).optional(),
});

/** A unit price and the minimum amount, per payment kind (EPay or Stripe). */
export interface Tariff {
  unitPrice: number;
  minimum: number;
}

export const epayTariff = (app: FastifyInstance): Tariff => ({
  unitPrice: app.settings.number('Price'),
  minimum: app.settings.number('MinTopUp'),
});

export const stripeTariff = (app: FastifyInstance): Tariff => ({
  unitPrice: app.settings.number('StripeUnitPrice'),
  minimum: app.settings.number('StripeMinTopUp'),
});

/** The amount (checked) and the money the user pays for it, with their group's top-up ratio. */
export function quote(app: FastifyInstance, user: UserRow, body: unknown, tariff: Tariff) {
  const input = parseInput(orderSchema, body);
  const refusal = amountRefusal(input.amount, tariff.minimum);
  if (refusal) throw new ApiError(refusal);
  const amount = input.amount as number;
  const ratio = topUpGroupRatio(app.settings.json<Record<string, number>>('TopupGroupRatio'), user.group);
  const money = payableMoney(amount, tariff.unitPrice, ratio);
  if (money < 0.01) throw new ApiError(msg('topup.moneyTooLow'));
  return { amount, money, method: input.payment_method ?? '' };
}

/** The address payment providers call back and send the user back to: the custom one, else the server's. */
export function callbackBase(app: FastifyInstance): string {
  const base = app.settings.get('CustomCallbackAddress') || app.settings.get('ServerAddress');
  if (!base) throw new ApiError(msg('topup.noServerAddress'));
  return base;
}

export function serverAddress(app: FastifyInstance): string {
  const base = app.settings.get('ServerAddress');
  if (!base) throw new ApiError(msg('topup.noServerAddress'));
  return base;
}

/** Records a pending order with a fresh, unique trade number and answers that number. */
export async function openOrder(
  app: FastifyInstance,
  user: UserRow,
  order: { amount: number; money: number; method: string },
): Promise<string> {
  const tradeNo = `USR${user.id}NO${randomAlphanumeric(20)}`;
  await insertPendingTopUp(app.store.db, { userId: user.id, tradeNo, now: nowSeconds(), ...order });
  return tradeNo;
}

import type { Page, PayForm, TopUpView } from '@relaygate/contract';
import { api, request } from '../../api/client.ts';
import { BusinessError } from '../../api/http-errors.ts';

export const WALLET_QUERY_KEY = ['wallet'] as const;

/** What the wallet may offer (GET /api/user/topup/info). */
export interface TopUpInfo {
  enable_online_topup: boolean;
  enable_stripe_topup: boolean;
  pay_methods: string[];
  min_topup: number;
  stripe_min_topup: number;
  price: number;
  stripe_unit_price: number;
  top_up_link: string;
  amount_options: number[];
}

export const fetchTopUpInfo = () => api.get<TopUpInfo>('/api/user/topup/info');

/** Redeems a code; answers the quota credited. */
export const redeemCode = (key: string) => api.post<number>('/api/user/topup', { key });

/** The money to pay for `amount`, as the server formats it ("73.00"). */
export const fetchPayable = (amount: number, stripe: boolean) =>
  api.post<string>(stripe ? '/api/user/stripe/amount' : '/api/user/amount', { amount, top_up_code: '' });

export const fetchMyOrders = (page: number, pageSize: number) =>
  api.get<Page<TopUpView>>('/api/user/topup/self', { p: page, page_size: pageSize });

export const startStripePayment = (amount: number) =>
  api.post<{ pay_link: string }>('/api/user/stripe/pay', { amount, payment_method: 'stripe' });

/** Opens an EPay order; the answer carries the payment page in `url` beside the signed fields in `data`. */
export async function startEpayPayment(amount: number, method: string): Promise<PayForm> {
  const envelope = await request<Record<string, string>>('POST', '/api/user/pay', {
    amount,
    top_up_code: '',
    payment_method: method,
  });
  const url = (envelope as { url?: unknown }).url;
  if (!envelope.success || !envelope.data || typeof url !== 'string')
    throw new BusinessError(envelope.message);
  return { url, data: envelope.data };
}

/** Everyone's orders (admin), optionally those whose trade number contains `keyword`. */
export const fetchAllOrders = (page: number, pageSize: number, keyword: string) =>
  api.get<Page<TopUpView>>('/api/user/topup', { p: page, page_size: pageSize, keyword });

/** An admin marks a pending order paid and credits it (once). */
export const completeOrder = (tradeNo: string) =>
  api.post<TopUpView>('/api/user/topup/complete', { trade_no: tradeNo });

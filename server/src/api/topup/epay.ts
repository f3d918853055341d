import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The EPay ("易支付") protocol as new-api speaks it (go-epay): the merchant signs its fields with
 * MD5 over `k=v&…` (keys sorted, `sign`, `sign_type` and empty values left out) followed by the
 * merchant key; the payment site signs its notify the same way.
 */
export function epaySign(fields: Record<string, string>, key: string): string {
  const text = Object.keys(fields)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && fields[name] !== '')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  return createHash('md5')
    .update(text + key, 'utf8')
    .digest('hex');
}

/** Whether the fields carry a valid signature by `key` (compared in constant time). */
export function epayVerify(fields: Record<string, string>, key: string): boolean {
  const given = Buffer.from((fields.sign ?? '').toLowerCase(), 'utf8');
  const expected = Buffer.from(epaySign(fields, key), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface EpayOrder {
  pid: string;
  key: string;
  method: string;
  tradeNo: string;
  /** Money, two decimals. */
  money: string;
  name: string;
  notifyUrl: string;
  returnUrl: string;
}

/** The signed form the browser posts to `{PayAddress}/submit.php`. */
export function epayForm(order: EpayOrder): Record<string, string> {
  const fields: Record<string, string> = {
    pid: order.pid,
    type: order.method,
    out_trade_no: order.tradeNo,
    notify_url: order.notifyUrl,
    return_url: order.returnUrl,
    name: order.name,
    money: order.money,
  };
  return { ...fields, sign: epaySign(fields, order.key), sign_type: 'MD5' };
}

/** The fields of a notify as strings (a repeated or missing field reads as empty). */
export function notifyFields(query: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!query || typeof query !== 'object') return fields;
  for (const [name, value] of Object.entries(query)) if (typeof value === 'string') fields[name] = value;
  return fields;
}

/** Two amounts of money are the same to the cent. */
export const sameMoney = (a: string | number, b: string | number): boolean =>
  Number.isFinite(Number(a)) && Math.round(Number(a) * 100) === Math.round(Number(b) * 100);

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { epayForm, epaySign, epayVerify, sameMoney } from './epay.ts';

describe('EPay signatures', () => {
  it('signs sorted non-empty fields followed by the key, as go-epay does', () => {
    const fields = { pid: '1001', type: 'zfb', money: '7.30', empty: '', sign_type: 'MD5' };
    const expected = createHash('md5').update('money=7.30&pid=1001&type=zfbsecret').digest('hex');
    expect(epaySign(fields, 'secret')).toBe(expected);
  });

  it('builds a signed form that verifies, and refuses it when a field or the key changes', () => {
    const form = epayForm({
      pid: '1001',
      key: 'secret',
      method: 'wx',
      tradeNo: 'USR1NOabc',
      money: '73.00',
      name: 'TUC10',
      notifyUrl: 'http://gw/api/user/epay/notify',
      returnUrl: 'http://gw/topup',
    });
    expect(form).toMatchObject({ sign_type: 'MD5', notify_url: 'http://gw/api/user/epay/notify' });
    expect(epayVerify(form, 'secret')).toBe(true);
    expect(epayVerify({ ...form, money: '0.01' }, 'secret')).toBe(false);
    expect(epayVerify(form, 'other')).toBe(false);
    expect(epayVerify({ ...form, sign: '' }, 'secret')).toBe(false);
  });

  it('compares money to the cent', () => {
    expect(sameMoney('73.00', 73)).toBe(true);
    expect(sameMoney('73.01', 73)).toBe(false);
    expect(sameMoney('abc', 73)).toBe(false);
  });
});

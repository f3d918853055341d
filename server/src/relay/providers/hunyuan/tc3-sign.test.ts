import { describe, expect, it } from 'vitest';
import { tc3Authorization } from './tc3-sign.ts';

/**
 * Tencent Cloud's published TC3 signing example (API 3.0, "Signature v3": CVM DescribeInstances
 * in ap-guangzhou): its documented inputs and the signature the guide gives for them.
 */
const TENCENT_EXAMPLE = {
  secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
  secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
  service: 'cvm',
  host: 'cvm.tencentcloudapi.com',
  contentType: 'application/json; charset=utf-8',
  payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
  timestamp: 1551113065,
};

describe('tc3Authorization', () => {
  it("gives the Authorization of Tencent's published example, signature included", () => {
    expect(tc3Authorization(TENCENT_EXAMPLE)).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, ' +
        'Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('takes the credential date in UTC, and signs the body, the host and the key', () => {
    // 1551139200 is 2019-02-26 00:00:00 UTC (08:00 in Beijing); one second earlier is the 25th.
    expect(tc3Authorization({ ...TENCENT_EXAMPLE, timestamp: 1551139199 })).toContain('/2019-02-25/cvm/');
    expect(tc3Authorization({ ...TENCENT_EXAMPLE, timestamp: 1551139200 })).toContain('/2019-02-26/cvm/');
    const signature = (call: Partial<typeof TENCENT_EXAMPLE>) =>
      tc3Authorization({ ...TENCENT_EXAMPLE, ...call }).split('Signature=')[1];
    const original = signature({});
    expect(signature({ payload: '{"Limit": 2}' })).not.toBe(original);
    expect(signature({ host: 'hunyuan.tencentcloudapi.com' })).not.toBe(original);
    expect(signature({ secretKey: 'another' })).not.toBe(original);
    expect(tc3Authorization(TENCENT_EXAMPLE)).not.toContain(TENCENT_EXAMPLE.secretKey);
  });
});

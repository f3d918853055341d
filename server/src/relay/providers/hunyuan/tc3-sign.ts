import { createHash, createHmac } from 'node:crypto';

export interface Tc3Call {
  secretId: string;
  secretKey: string;
  /** The product's service name, the first label of its host (hunyuan, cvm). */
  service: string;
  /** The host called, signed as the host header. */
  host: string;
  /** The content-type header sent, signed as it is. */
  contentType: string;
  /** The request body, byte for byte as sent. */
  payload: string;
  /** Unix seconds, also sent as X-TC-Timestamp; its UTC date is the credential's. */
  timestamp: number;
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/**
 * The Authorization header of a Tencent Cloud API 3.0 POST, signed with TC3-HMAC-SHA256 as
 * Tencent's signature v3 guide describes it: the canonical request over content-type and host,
 * the string to sign under the credential scope {date}/{service}/tc3_request, and the key derived
 * from the secret key, the date and the service.
 */
export function tc3Authorization(call: Tc3Call): string {
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${call.contentType}\nhost:${call.host}\n`,
    signedHeaders,
    sha256Hex(call.payload),
  ].join('\n');
  const date = new Date(call.timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/${call.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(call.timestamp), scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const signingKey = hmac(hmac(hmac(`TC3${call.secretKey}`, date), call.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${call.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

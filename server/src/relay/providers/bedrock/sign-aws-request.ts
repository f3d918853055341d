import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';

export interface AwsSigningInput {
  method: string;
  /** The URL actually called: its host and path are what the signature covers. */
  url: string;
  headers: Record<string, string>;
  body: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
  /** The signing time (a test's fixed clock); now by default. */
  now?: Date;
}

/**
 * Signs a request with AWS Signature Version 4 (@smithy/signature-v4, the AWS SDK's own signer):
 * the headers to send, with `x-amz-date` and `authorization` added. The host signed is the URL's
 * (a VPC endpoint, a proxy), so it matches the Host header the request goes out with; `host`
 * itself is left out of the result, as the HTTP client sets it from the URL.
 */
export async function signAwsRequest(input: AwsSigningInput): Promise<Record<string, string>> {
  const url = new URL(input.url);
  const signer = new SignatureV4({
    credentials: { accessKeyId: input.accessKeyId, secretAccessKey: input.secretAccessKey },
    region: input.region,
    service: input.service,
    sha256: Sha256,
    applyChecksum: false,
  });
  const signed = await signer.sign(
    {
      method: input.method,
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port === '' ? undefined : Number(url.port),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { ...input.headers, host: url.host },
      body: input.body,
    },
    { signingDate: input.now ?? new Date() },
  );
  const { host: _host, ...headers } = signed.headers;
  return headers;
}

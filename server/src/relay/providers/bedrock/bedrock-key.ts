/** How a Bedrock channel authenticates: an IAM access key pair (SigV4-signed) or a Bedrock API key (Bearer). */
export type BedrockCredentials =
  | { mode: 'sigv4'; accessKeyId: string; secretAccessKey: string; region: string }
  | { mode: 'apikey'; apiKey: string; region: string };

/** What the channel's key may look like, for the message that refuses any other (the key itself is never repeated). */
export const BEDROCK_KEY_FORMATS =
  'an AWS Bedrock key must be "AccessKeyId|SecretAccessKey|region" or "BedrockApiKey|region" (e.g. "AKIA…|…|us-east-1")';

// A region as AWS names them: us-east-1, eu-central-2, ap-southeast-1, us-gov-west-1, cn-north-1.
const REGION = /^[a-z]{2}(-[a-z]+)+-\d{1,2}$/;

/**
 * A channel key in new-api's format: `AK|SK|region` signs each call with SigV4; `apikey|region`
 * sends a Bedrock API key as a Bearer token. Anything else is refused with the formats expected.
 */
export function parseBedrockKey(key: string): BedrockCredentials | string {
  const parts = key
    .trim()
    .split('|')
    .map((part) => part.trim());
  const region = parts.at(-1) ?? '';
  if (parts.some((part) => part === '') || !REGION.test(region)) return BEDROCK_KEY_FORMATS;
  if (parts.length === 3)
    return { mode: 'sigv4', accessKeyId: parts[0]!, secretAccessKey: parts[1]!, region };
  if (parts.length === 2) return { mode: 'apikey', apiKey: parts[0]!, region };
  return BEDROCK_KEY_FORMATS;
}

/** A Tencent Cloud key triple, as new-api takes it for Hunyuan's TC3-signed API. */
export interface HunyuanTc3Key {
  appId: string;
  secretId: string;
  secretKey: string;
}

/**
 * Whether a channel's keys are meant for the TC3-signed API (its first key has the | of
 * AppId|SecretId|SecretKey); any other key is an API key of Hunyuan's OpenAI-compatible API.
 */
export const isHunyuanTc3Key = (key: string): boolean => key.trim().split('\n')[0]!.includes('|');

/**
 * A key `AppId|SecretId|SecretKey` split into its parts; null when it is not in that form (three
 * parts, none empty, the AppId a number), so the caller can refuse it naming the format.
 */
export function parseHunyuanTc3Key(key: string): HunyuanTc3Key | null {
  const parts = key
    .trim()
    .split('|')
    .map((part) => part.trim());
  if (parts.length !== 3 || parts.some((part) => part === '')) return null;
  const [appId, secretId, secretKey] = parts as [string, string, string];
  return /^\d+$/.test(appId) ? { appId, secretId, secretKey } : null;
}

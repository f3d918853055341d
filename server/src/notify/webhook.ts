import { request, type Dispatcher } from 'undici';

/** The body new-api posts to a user's webhook. */
export interface WebhookBody {
  type: string;
  title: string;
  /** The text, with `{{value}}` where each of `values` goes, in order. */
  content: string;
  values: string[];
  timestamp: number;
}

const WEBHOOK_TIMEOUT_MS = 10_000;

export class WebhookError extends Error {}
/** The address is not one a webhook may have (not https): retrying cannot help. */
export class WebhookRefusedError extends WebhookError {}

/**
 * Posts one notification to a user's https webhook, through the outbound guard's agent (no
 * loopback, private or metadata address unless root allows it). The secret goes as a Bearer
 * token. Anything but a 2xx answer is a failure.
 */
export async function postWebhook(
  dispatcher: Dispatcher,
  url: string,
  secret: string,
  body: WebhookBody,
): Promise<void> {
  if (!/^https:\/\//i.test(url)) throw new WebhookRefusedError('the webhook address must be https');
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret) headers.authorization = `Bearer ${secret}`;
  const answer = await request(url, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    dispatcher,
    headersTimeout: WEBHOOK_TIMEOUT_MS,
    bodyTimeout: WEBHOOK_TIMEOUT_MS,
  });
  await answer.body.dump();
  if (answer.statusCode < 200 || answer.statusCode >= 300) {
    throw new WebhookError(`the webhook answered HTTP ${answer.statusCode}`);
  }
}

import { describe, expect, it } from 'vitest';
import { quotaWarningWebhook, warningRoute, warningThreshold } from './quota-warning.ts';
import { postWebhook, WebhookRefusedError } from './webhook.ts';
import { Agent } from 'undici';

describe('quota warning rules', () => {
  it("takes the user's own threshold when set above 0, the site's otherwise", () => {
    expect(warningThreshold({ quota_warning_threshold: 500_000 }, 1000)).toBe(500_000);
    expect(warningThreshold({ quota_warning_threshold: 0 }, 1000)).toBe(1000);
    expect(warningThreshold({}, 1000)).toBe(1000);
  });

  it('sends to the webhook, the notification address, the account address, or nowhere', () => {
    expect(
      warningRoute({ notify_type: 'webhook', webhook_url: 'https://h', webhook_secret: 's' }, 'a@x'),
    ).toEqual({
      kind: 'webhook',
      url: 'https://h',
      secret: 's',
    });
    expect(warningRoute({ notify_type: 'webhook' }, 'a@x')).toEqual({ kind: 'none' });
    expect(warningRoute({ notification_email: 'n@x' }, 'a@x')).toEqual({ kind: 'email', to: 'n@x' });
    expect(warningRoute({ notify_type: 'email' }, 'a@x')).toEqual({ kind: 'email', to: 'a@x' });
    expect(warningRoute({}, '')).toEqual({ kind: 'none' });
  });

  it("builds new-api's webhook body in English then Chinese, each {{value}} with its own value", () => {
    const body = quotaWarningWebhook({ en: '100 quota', zh: '100 额度' }, 1_700_000_000);
    expect(body).toMatchObject({
      type: 'quota_exceed',
      title: 'Your quota is running low / 您的额度即将用尽',
      values: ['100 quota', '100 额度'],
      timestamp: 1_700_000_000,
    });
    // What a receiver does with it: each placeholder replaced by the next value.
    let next = 0;
    const shown = body.content.replace(/\{\{value\}\}/g, () => body.values[next++]!);
    expect(next).toBe(2);
    expect(shown).toMatch(/100 quota[\s\S]*100 额度/);
    expect(quotaWarningWebhook('$0.20', 1).values).toEqual(['$0.20', '$0.20']);
  });

  it('never posts to a plain http address', async () => {
    const agent = new Agent();
    try {
      await expect(
        postWebhook(agent, 'http://example.com/hook', '', quotaWarningWebhook('1', 1)),
      ).rejects.toBeInstanceOf(WebhookRefusedError);
    } finally {
      await agent.close();
    }
  });
});

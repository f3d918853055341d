import { ChannelStatus } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleClient } from './support/console-client.ts';
import { signInAsRoot } from './support/console-client.ts';
import { startMailCatcher, smtpOptionsFor, type MailCatcher } from './support/mail-catcher.ts';
import { chatAnswer } from './support/money.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { channelRow, seedChannel, seedToken, setRelayOption, waitFor } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

const MODEL = 'gpt-4.1-nano';

describe.skipIf(databaseUnavailable())(
  'root is mailed when a channel is disabled or enabled automatically',
  () => {
    let t: TestServer;
    let root: ConsoleClient;
    let upstream: MockUpstream;
    let smtp: MailCatcher;

    beforeAll(async () => {
      upstream = await new MockUpstream().start();
      smtp = await startMailCatcher();
      t = await startTestServer();
      root = await signInAsRoot(t.url);
      for (const [key, value] of Object.entries({
        ...smtpOptionsFor(smtp),
        AutomaticDisableChannelEnabled: 'true',
        AutomaticEnableChannelEnabled: 'true',
      })) {
        await setRelayOption(root, key, value);
      }
      await t.server.store.db
        .updateTable('users')
        .set({ email: 'root@example.com' })
        .where('role', '=', 100)
        .execute();
    });
    afterAll(async () => {
      await t?.close();
      await upstream?.stop();
      await smtp?.close();
    });

    it('an upstream 401 disables the channel and mails root the reason; a passing test enables it and mails root', async () => {
      const channelId = await seedChannel(t, {
        baseUrl: upstream.url,
        models: [MODEL],
        name: 'flaky upstream',
      });
      const { key } = await seedToken(t);
      upstream.reply('/v1/chat/completions', {
        status: 401,
        json: { error: { message: 'invalid api key' } },
      });
      const answer = await fetch(`${t.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(answer.status).not.toBe(200);
      await waitFor(
        () => channelRow(t, channelId),
        (row) => row.status === ChannelStatus.AutoDisabled,
        'channel disabled',
      );
      const disabled = await smtp.next('root@example.com');
      expect(disabled.subject).toContain(`Channel "flaky upstream" (#${channelId}) was disabled`);
      expect(disabled.text).toMatch(/401/);

      upstream.reply('/v1/chat/completions', { json: chatAnswer(MODEL, 5, 5) });
      const tested = await root.get(`/api/channel/test/${channelId}`);
      expect(tested.body, tested.body.message).toMatchObject({ success: true });
      expect((await channelRow(t, channelId)).status).toBe(ChannelStatus.Enabled);
      const enabled = await smtp.next('root@example.com');
      expect(enabled.subject).toContain(`Channel "flaky upstream" (#${channelId}) was enabled again`);
    });
  },
);

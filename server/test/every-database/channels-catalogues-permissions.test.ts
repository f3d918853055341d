import { describe, expect, it } from 'vitest';
import type { ChannelTypeOption, ChannelView } from '@relaygate/contract';
import { ConsoleClient, type Answer } from '../support/console-client.ts';
import { databaseUnavailable } from '../support/test-server.ts';
import {
  NO_PERMISSION,
  SECRET,
  admin,
  common,
  create,
  createOne,
  refused,
  root,
  t,
  useChannelConsole,
} from '../support/channel-console.ts';

describe.skipIf(databaseUnavailable())('channels console API: catalogues, permissions and the key', () => {
  useChannelConsole();

  describe('catalogues', () => {
    it('lists every known model: channel models and priced ones', async () => {
      await createOne({ name: 'cat', models: 'catalogue-only-model' });
      const answer =
        await admin.get<{ id: string; object: string; owned_by: string }[]>('/api/channel/models');
      const models = answer.body.data!;
      expect(models).toContainEqual({ id: 'catalogue-only-model', object: 'model', owned_by: 'OpenAI' });
      const ratios = Object.keys(t.server.settings.json<Record<string, number>>('ModelRatio'));
      expect(ratios.length).toBeGreaterThan(0);
      expect(models.map((m) => m.id)).toContain(ratios[0]);
      expect(new Set(models.map((m) => m.id)).size).toBe(models.length);
    });

    it('lists the models enabled channels serve, following status changes', async () => {
      const id = await createOne({ name: 'en', models: 'enabled-only-model', group: 'engrp' });
      expect((await admin.get<string[]>('/api/channel/models_enabled')).body.data).toContain(
        'enabled-only-model',
      );
      await admin.put('/api/channel/', { id, status: 2 });
      expect((await admin.get<string[]>('/api/channel/models_enabled')).body.data).not.toContain(
        'enabled-only-model',
      );
    });

    it("lists the channel types with what the form asks for each, in the reader's language", async () => {
      const types = (await admin.get<ChannelTypeOption[]>('/api/channel/types')).body.data!;
      expect(types.find((type) => type.id === 1)).toMatchObject({
        name: 'OpenAI',
        default_base_url: 'https://api.openai.com',
        served: true,
        organization: true,
        other: null,
      });
      expect(types.find((type) => type.id === 3)).toMatchObject({
        name: expect.stringMatching(/Azure/),
        base_url_required: true,
        other: { label: 'Default API version', required: false },
      });
      const bedrock = types.find((type) => type.id === 33)!;
      expect(bedrock.key_formats.map(({ hint }) => hint)).toEqual([
        expect.stringContaining('AccessKeyId|SecretAccessKey|region'),
        expect.stringContaining('BedrockApiKey|region'),
      ]);
      for (const format of bedrock.key_formats) expect(format.example).toMatch(new RegExp(format.pattern));
      // Baidu ERNIE is not served yet; the Midjourney proxies and Suno are, through their task routes.
      expect(types.find((type) => type.id === 15)?.served).toBe(false);
      expect(types.find((type) => type.id === 2)?.served).toBe(true);
      // Suno has no address of its own: a channel names the Suno API service it uses.
      expect(types.find((type) => type.id === 36)).toMatchObject({ served: true, base_url_required: true });

      const inChinese = (
        await admin.get<ChannelTypeOption[]>('/api/channel/types', { 'accept-language': 'zh-CN' })
      ).body.data!;
      expect(inChinese.find((type) => type.id === 39)?.other).toMatchObject({
        label: '账户 ID（Account ID）',
        required: true,
      });
      expect(inChinese.find((type) => type.id === 18)?.other?.default).toBe('v2.1');
    });
  });

  describe('permissions and the key', () => {
    it('refuses a common user everywhere with "no permission", and an anonymous caller with 401', async () => {
      const id = await createOne({ name: 'perm' });
      const calls: Array<(c: ConsoleClient) => Promise<Answer>> = [
        (c) => c.get('/api/channel/'),
        (c) => c.get('/api/channel/search?keyword=perm'),
        (c) => c.get(`/api/channel/${id}`),
        (c) => c.post('/api/channel/', { name: 'x', key: 'k', models: 'm' }),
        (c) => c.put('/api/channel/', { id, status: 2 }),
        (c) => c.delete(`/api/channel/${id}/`),
        (c) => c.delete('/api/channel/disabled'),
        (c) => c.post('/api/channel/batch', { ids: [id] }),
        (c) => c.post('/api/channel/fix'),
        (c) => c.get(`/api/channel/test/${id}`),
        (c) => c.get('/api/channel/update_balance'),
        (c) => c.get('/api/channel/models'),
        (c) => c.get('/api/channel/types'),
        (c) => c.post('/api/channel/tag/disabled', { tag: 'x' }),
        (c) => c.post('/api/channel/batch/tag', { ids: [id], tag: 'x' }),
        (c) => c.post(`/api/channel/${id}/key`),
      ];
      for (const call of calls) await refused(() => call(common), NO_PERMISSION);
      const anonymous = new ConsoleClient(t.url);
      anonymous.userId = 1;
      for (const call of calls) expect((await call(anonymous)).status).toBe(401);
    });

    it('never sends the key back, except to root on the explicit reveal', async () => {
      const [id] = await create({ name: 'secretive', tag: 'sec' });
      const answers = [
        await admin.post('/api/channel/', { name: 'secretive2', key: SECRET, models: 'm' }),
        await admin.get('/api/channel/?page_size=100'),
        await admin.get('/api/channel/?tag_mode=true&page_size=100'),
        await admin.get('/api/channel/search?keyword=secretive'),
        await admin.get('/api/channel/search?keyword=sec&tag_mode=true'),
        await admin.get(`/api/channel/${id}`),
        await admin.put('/api/channel/', { id, name: 'secretive', key: '' }),
        await root.get(`/api/channel/${id}`),
      ];
      for (const answer of answers) {
        expect(answer.body.success).toBe(true);
        expect(JSON.stringify(answer.body)).not.toContain(SECRET);
      }
      expect((await admin.get<ChannelView>(`/api/channel/${id}`)).body.data!.key).toBe('');
      await refused(() => admin.post(`/api/channel/${id}/key`), NO_PERMISSION);
      expect((await root.post(`/api/channel/${id}/key`)).body).toEqual({
        success: true,
        message: '',
        data: { key: SECRET },
      });
      expect((await root.post('/api/channel/999999/key')).body.message).toMatch(/channel not found/);
    });
  });
});

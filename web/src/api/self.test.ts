import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Self from './self.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => ({ file: file.replaceAll('\\', '/'), text: readFileSync(join(root, file), 'utf8') }));

describe('the signed-in user: one query for every view', () => {
  it('is read from GET /api/user/self in one place only (api/self.ts)', () => {
    const readers = sources
      .filter(({ text }) => /api\.get<[^>]*>\(\s*'\/api\/user\/self'/.test(text))
      .map(({ file }) => file);
    expect(readers).toEqual(['api/self.ts']);
  });

  it.each([
    ['redeeming a code', 'pages/topup/RedeemCard.tsx'],
    ['completing a top-up order', 'pages/topup/OrdersCard.tsx'],
    ['moving invite quota to the balance', 'pages/personal/TransferModal.tsx'],
    ['binding an email', 'pages/personal/EmailBindModal.tsx'],
    ['binding WeChat', 'pages/personal/WeChatBindModal.tsx'],
    ['binding Telegram', 'pages/personal/BindingsCard.tsx'],
    ['saving the notification settings', 'pages/personal/NotifyCard.tsx'],
  ])('is invalidated after %s', (_action, file) => {
    const text = sources.find((source) => source.file === file)?.text ?? '';
    expect(text).toMatch(/invalidate: \[[^\]]*\bSELF_KEY\b/);
  });

  describe('shared by the wallet, the personal page and the dashboard', () => {
    let self: typeof Self;
    let quota = 100;

    beforeAll(async () => {
      // The console's modules expect a page: the language module sets <html lang>.
      vi.stubGlobal('document', { documentElement: { lang: '' } });
      vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
      vi.stubGlobal(
        'fetch',
        async () =>
          new Response(JSON.stringify({ success: true, message: '', data: { id: 7, quota } }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      );
      self = await import('./self.ts');
    });
    afterAll(() => {
      vi.unstubAllGlobals();
    });

    it('shows the new balance in every view once a change invalidates SELF_KEY', async () => {
      const client = new QueryClient();
      const views = ['wallet', 'personal', 'dashboard'].map(
        () => new QueryObserver(client, { queryKey: self.selfKey(7), queryFn: self.fetchSelf }),
      );
      const seen = views.map(() => [] as number[]);
      const stops = views.map((view, i) =>
        view.subscribe((result) => {
          if (result.data && !result.isFetching) seen[i]!.push(result.data.quota);
        }),
      );
      await vi.waitFor(() => expect(seen.every((quotas) => quotas.at(-1) === 100)).toBe(true));

      quota = 250; // a redemption on the wallet page
      await client.invalidateQueries({ queryKey: self.SELF_KEY });

      await vi.waitFor(() => expect(seen.map((quotas) => quotas.at(-1))).toEqual([250, 250, 250]));
      stops.forEach((stop) => stop());
      client.clear();
    });
  });
});

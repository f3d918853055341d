import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ChannelType } from '@relaygate/contract';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamQueryError, type UpstreamAccess } from '../../net/upstream-json.ts';
import { upstreamAccounts } from './upstream-accounts.ts';

/** A loopback upstream answering each path with a fixed JSON body, remembering what it was asked. */
const ANSWERS: Record<string, unknown> = {
  '/v1/models': { data: [{ id: 'm-1' }, { id: 'm-2' }, { id: 'm-1' }, { id: '' }, { id: 3 }] },
  '/v1beta/models': { models: [{ name: 'models/gemini-x' }] },
  '/v1/users/me/balance': { data: { available_balance: 42 } },
  '/elsewhere/v1/models': { object: 'list' },
};
const seen: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
const server = createServer((req, res) => {
  seen.push({ path: req.url ?? '', headers: req.headers });
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(ANSWERS[(req.url ?? '').split('?')[0]!] ?? {}));
});
const dispatcher = new Agent();
const access: UpstreamAccess = { key: 'k-1', dispatcher };
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await dispatcher.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('the upstream accounts the console asks through the families', () => {
  it("lists distinct string ids, asked the channel type's family's way", async () => {
    expect(await upstreamAccounts.listModels(ChannelType.OpenAI, base, access)).toEqual(['m-1', 'm-2']);
    expect(seen.at(-1)!.headers.authorization).toBe('Bearer k-1');
    expect(await upstreamAccounts.listModels(ChannelType.Gemini, base, access)).toEqual(['gemini-x']);
    expect(seen.at(-1)).toMatchObject({
      path: '/v1beta/models?pageSize=1000',
      headers: { 'x-goog-api-key': 'k-1' },
    });
    await upstreamAccounts.listModels(ChannelType.Anthropic, base, access);
    expect(seen.at(-1)!.headers['x-api-key']).toBe('k-1');
  });

  it('refuses an answer that is not a model list', async () => {
    const listing = upstreamAccounts.listModels(ChannelType.OpenAI, `${base}/elsewhere`, access);
    await expect(listing).rejects.toThrow('the upstream answer is not a model list');
    await expect(listing).rejects.toBeInstanceOf(UpstreamQueryError);
  });

  it('queries balances only for types whose provider tells them', async () => {
    expect(upstreamAccounts.hasBalance(ChannelType.Moonshot)).toBe(true);
    expect(upstreamAccounts.hasBalance(ChannelType.OpenAI)).toBe(true);
    for (const type of [ChannelType.Anthropic, ChannelType.Gemini, ChannelType.Azure, ChannelType.xAI, 2])
      expect(upstreamAccounts.hasBalance(type), String(type)).toBe(false);
    expect(await upstreamAccounts.balance(ChannelType.Moonshot, base, access)).toEqual({
      balance: 42,
      currency: 'USD',
    });
    await expect(upstreamAccounts.balance(ChannelType.Anthropic, base, access)).rejects.toThrow(
      'balance query is not supported for this channel type',
    );
  });
});

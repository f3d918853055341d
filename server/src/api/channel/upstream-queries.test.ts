import { Agent } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import type { UpstreamAccounts } from '../../ports.ts';
import { fetchUpstreamModels, queryBalance } from './upstream-queries.ts';

/** Upstream accounts that answer without a network, remembering the questions that reached them. */
const asked: string[] = [];
const accounts: UpstreamAccounts = {
  listModels: async (type, base) => (asked.push(`models ${type} ${base}`), ['m-1']),
  hasBalance: (type) => type === 1,
  balance: async (type, base) => (asked.push(`balance ${type} ${base}`), { balance: 12.5, currency: 'CNY' }),
};
const dispatcher = new Agent();
afterAll(() => dispatcher.close());

describe("the console's upstream questions", () => {
  it('asks for models only with a key and a base URL', async () => {
    await expect(fetchUpstreamModels(accounts, 1, 'http://u', { key: '', dispatcher })).rejects.toThrow(
      'please fill in key',
    );
    await expect(fetchUpstreamModels(accounts, 1, '', { key: 'k', dispatcher })).rejects.toThrow(
      'please fill in the base URL',
    );
    expect(asked).toEqual([]);
    expect(await fetchUpstreamModels(accounts, 14, 'http://u', { key: 'k', dispatcher })).toEqual(['m-1']);
    expect(asked).toEqual(['models 14 http://u']);
  });

  it('asks for a balance only for a type that has one, then only with a base URL', async () => {
    asked.length = 0;
    await expect(queryBalance(accounts, 14, '', { key: 'k', dispatcher })).rejects.toThrow(
      'balance query is not supported for this channel type',
    );
    await expect(queryBalance(accounts, 1, '', { key: 'k', dispatcher })).rejects.toThrow(
      'the channel has no base URL to query',
    );
    expect(asked).toEqual([]);
    expect(await queryBalance(accounts, 1, 'http://u', { key: 'k', dispatcher })).toEqual({
      balance: 12.5,
      currency: 'CNY',
    });
    expect(asked).toEqual(['balance 1 http://u']);
  });
});

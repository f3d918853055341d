import { describe, expect, it } from 'vitest';
import type { Caller } from '../call/caller.ts';
import { consumeLogRow, type CallRecord } from './consume-log.ts';
import type { Price } from './pricing.ts';

const caller: Caller = {
  userId: 1,
  username: 'u',
  userQuota: 100,
  group: 'default',
  tokenId: 2,
  tokenName: 't',
  tokenUnlimited: true,
  tokenRemain: 0,
  modelLimits: null,
  acceptUnsetRatio: false,
  recordIp: false,
};

const ratios = (modelRatio: number, completionRatio: number, groupRatio: number): Price => ({
  perCall: false,
  modelPrice: 0,
  modelRatio,
  completionRatio,
  cacheRatio: 1,
  createCacheRatio: 1.25,
  groupRatio,
  quotaPerUnit: 500_000,
});

const call = (price: Price): CallRecord => ({
  caller,
  model: 'm',
  upstreamModel: 'm',
  channelId: 3,
  triedChannels: [3],
  usage: { promptTokens: 10, completionTokens: 5, cachedTokens: 0, reasoningTokens: 0 },
  localCount: false,
  price,
  stream: false,
  startedAt: Date.now(),
  firstByteMs: 12,
  requestId: 'r',
  upstreamRequestId: '',
  ip: '127.0.0.1',
});

describe('the consumption log row', () => {
  it('says the prices it was charged at, each call at its own, however often a price was written', () => {
    const first = consumeLogRow(call(ratios(2.5, 4, 1))).content;
    expect(first).toBe('model ratio 2.5, completion ratio 4, group ratio 1');
    expect(consumeLogRow(call(ratios(2.5, 4, 1))).content).toBe(first);
    expect(consumeLogRow(call(ratios(2.5, 4, 0.8))).content).toBe(
      'model ratio 2.5, completion ratio 4, group ratio 0.8',
    );
    const perCall = { ...ratios(2.5, 4, 1), perCall: true, modelPrice: 0.002 };
    expect(consumeLogRow(call(perCall)).content).toBe('model price $0.002, group ratio 1');
    expect(consumeLogRow(call(ratios(2.5, 4, 1))).content).toBe(first);
  });
});

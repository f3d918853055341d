import { describe, expect, it } from 'vitest';
import { pricingEntries, UNSET_MODEL_RATIO, usableGroupRatios } from './pricing-table.ts';

describe('pricing table', () => {
  const tables = {
    modelRatio: { 'gpt-4o': 1.25 },
    completionRatio: { 'gpt-4o': 4 },
    modelPrice: { 'dall-e-3': 0.04 },
  };

  const served = new Map([
    ['dall-e-3', ['vip']],
    ['gpt-4o', ['vip', 'default']],
    ['mystery', ['default']],
  ]);

  it('leaves out a model with no price when the relay refuses it: never a price nobody pays', () => {
    expect(pricingEntries(tables, served, false).map((entry) => entry.model_name)).toEqual([
      'dall-e-3',
      'gpt-4o',
    ]);
  });

  it('prices by ratio, by call, or with the unset ratio when that is charged, and lists the serving groups', () => {
    const entries = pricingEntries(tables, served, true);
    expect(entries).toEqual([
      expect.objectContaining({
        model_name: 'dall-e-3',
        quota_type: 1,
        model_price: 0.04,
        enable_groups: ['vip'],
      }),
      expect.objectContaining({
        model_name: 'gpt-4o',
        quota_type: 0,
        model_ratio: 1.25,
        completion_ratio: 4,
        enable_groups: ['default', 'vip'],
      }),
      expect.objectContaining({ model_name: 'mystery', model_ratio: UNSET_MODEL_RATIO, completion_ratio: 1 }),
    ]);
  });

  it('gives each usable group its ratio, a user group its special ratios, 1 when unknown', () => {
    const usable = { default: 'd', vip: 'v', new: 'n' };
    const ratios = { default: 1, vip: 2 };
    expect(usableGroupRatios(usable, ratios, { vip: { vip: 1.5 } }, null)).toEqual({
      default: 1,
      vip: 2,
      new: 1,
    });
    expect(usableGroupRatios(usable, ratios, { vip: { vip: 1.5 } }, 'vip')).toEqual({
      default: 1,
      vip: 1.5,
      new: 1,
    });
  });
});

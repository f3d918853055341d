import type { PricingEntry } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { filterModels, initialGroup, priceFor } from './pricing-rules.ts';

const entry = (over: Partial<PricingEntry>): PricingEntry => ({
  model_name: 'gpt-4o',
  quota_type: 0,
  model_ratio: 1.25,
  model_price: 0,
  completion_ratio: 4,
  owner_by: '',
  enable_groups: ['default'],
  ...over,
});

describe('pricing rules', () => {
  it('prices per million tokens with the group ratio, or per call', () => {
    expect(priceFor(entry({}), 1)).toEqual({ perCall: null, prompt: 2.5, completion: 10 });
    expect(priceFor(entry({}), 0.5)).toEqual({ perCall: null, prompt: 1.25, completion: 5 });
    expect(priceFor(entry({ quota_type: 1, model_price: 0.04 }), 2)).toEqual({
      perCall: 0.08,
      prompt: null,
      completion: null,
    });
  });

  it('starts on the default group and filters by name and group', () => {
    expect(initialGroup({ vip: 1, default: 1 })).toBe('default');
    expect(initialGroup({ vip: 1 })).toBe('vip');
    expect(initialGroup({})).toBe('');
    const models = [entry({}), entry({ model_name: 'claude-3', enable_groups: ['vip'] })];
    expect(filterModels(models, 'CLAU').map((m) => m.model_name)).toEqual(['claude-3']);
    expect(filterModels(models, '', 'default').map((m) => m.model_name)).toEqual(['gpt-4o']);
  });
});

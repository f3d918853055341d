import { ChannelType } from '@relaygate/contract';
import { MockAgent } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { openAIBalance } from './openai-balance.ts';

/** Providers answered without a network: undici's MockAgent stands in for the outbound agent. */
const agent = new MockAgent();
agent.disableNetConnect();
afterAll(() => agent.close());

function answers(origin: string, path: string, body: unknown): void {
  agent
    .get(origin)
    .intercept({ path, method: 'GET' })
    .reply(200, JSON.stringify(body), {
      headers: { 'content-type': 'application/json' },
    });
}

const query = (type: number, base: string) =>
  openAIBalance(type)!(base, { key: 'sk-test', dispatcher: agent });

describe('balances in the currency the provider keeps them in', () => {
  it('DeepSeek: the USD balance when there is one, else the first in its own currency', async () => {
    const both = [
      { currency: 'CNY', total_balance: '70.00' },
      { currency: 'USD', total_balance: '10.50' },
    ];
    answers('https://api.deepseek.com', '/user/balance', { balance_infos: both });
    expect(await query(ChannelType.DeepSeek, 'https://api.deepseek.com')).toEqual({
      balance: 10.5,
      currency: 'USD',
    });
    answers('https://api.deepseek.com', '/user/balance', { balance_infos: [both[0]] });
    expect(await query(ChannelType.DeepSeek, 'https://api.deepseek.com')).toEqual({
      balance: 70,
      currency: 'CNY',
    });
    answers('https://api.deepseek.com', '/user/balance', {
      balance_infos: [{ currency: 'yuan?', total_balance: '1' }],
    });
    expect((await query(ChannelType.DeepSeek, 'https://api.deepseek.com')).currency).toBe('USD');
  });

  it('SiliconFlow and Moonshot: yuan on their Chinese sites, dollars on the international ones', async () => {
    answers('https://api.siliconflow.cn', '/v1/user/info', { data: { totalBalance: '12.34' } });
    answers('https://api.siliconflow.com', '/v1/user/info', { data: { totalBalance: '5' } });
    answers('https://api.moonshot.cn', '/v1/users/me/balance', { data: { available_balance: 42 } });
    answers('https://api.moonshot.ai', '/v1/users/me/balance', { data: { available_balance: 3 } });
    expect(await query(ChannelType.SiliconFlow, 'https://api.siliconflow.cn')).toEqual({
      balance: 12.34,
      currency: 'CNY',
    });
    expect(await query(ChannelType.SiliconFlow, 'https://api.siliconflow.com')).toEqual({
      balance: 5,
      currency: 'USD',
    });
    expect(await query(ChannelType.Moonshot, 'https://api.moonshot.cn')).toEqual({
      balance: 42,
      currency: 'CNY',
    });
    expect(await query(ChannelType.Moonshot, 'https://api.moonshot.ai')).toEqual({
      balance: 3,
      currency: 'USD',
    });
  });

  it('OpenAI and OpenRouter answer in dollars', async () => {
    answers('https://openrouter.ai', '/api/v1/credits', { data: { total_credits: 20, total_usage: 5.5 } });
    expect(await query(ChannelType.OpenRouter, 'https://openrouter.ai/api')).toEqual({
      balance: 14.5,
      currency: 'USD',
    });
    expect(openAIBalance(ChannelType.OpenAI)).toBeTypeOf('function');
    expect(openAIBalance(ChannelType.xAI)).toBeUndefined();
  });
});

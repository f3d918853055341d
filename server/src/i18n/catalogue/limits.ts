import type { Catalogue } from './types.ts';

/** Refusals by a limit (issue #18), as the caller's 429 and the usage log's error row say them. */
export const limitMessages = {
  'limits.logRow': { en: 'rate limit: {reason}', zh: '限流：{reason}' },
  'limits.logMoreRefused': {
    en: 'rate limit: {count} more calls refused in the same second',
    zh: '限流：同一秒内另有 {count} 次调用被拒绝',
  },
  'limits.modelRequests': {
    en: 'you have reached the request limit: {limit} per {minutes} minute(s)',
    zh: '已达到模型请求速率限制：每 {minutes} 分钟{limit}',
  },
  'limits.requests': { en: '{count} requests', zh: '最多 {count} 次请求' },
  'limits.successfulRequests': { en: '{count} successful requests', zh: '最多 {count} 次成功请求' },
  'limits.both': { en: '{first} and {second}', zh: '{first}和{second}' },
  'limits.keyRpm': {
    en: 'this API key may make {rpm} requests per minute',
    zh: '此 API 密钥每分钟最多请求 {rpm} 次',
  },
  'limits.keyTpm': {
    en: 'this API key may use {tpm} tokens per minute',
    zh: '此 API 密钥每分钟最多使用 {tpm} 个 token',
  },
  'limits.keyConcurrency': {
    en: 'this API key may run {count} calls at once',
    zh: '此 API 密钥最多同时进行 {count} 个调用',
  },
  'limits.keyBudget': {
    en: "this API key's {period} budget is used up",
    zh: '此 API 密钥的{period}预算已用完',
  },
  'limits.daily': { en: 'daily', zh: '每日' },
  'limits.weekly': { en: 'weekly', zh: '每周' },
  'limits.monthly': { en: 'monthly', zh: '每月' },
  'limits.channelsBusy': {
    en: 'every channel for this model is at its concurrency limit; try again shortly',
    zh: '此模型的所有渠道都已达到并发上限，请稍后重试',
  },
} as const satisfies Catalogue;

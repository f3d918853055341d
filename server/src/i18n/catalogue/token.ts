import type { Catalogue } from './types.ts';

/** A user's API tokens. */
export const tokenMessages = {
  'token.notFound': { en: 'token not found', zh: '令牌不存在' },
  'token.nameEmpty': { en: 'token name cannot be empty', zh: '令牌名称不能为空' },
  'token.nameTooLong': { en: 'token name must be at most {max} characters', zh: '令牌名称最多 {max} 个字符' },
  'token.nameInvalid': { en: 'token name cannot contain control characters', zh: '令牌名称不能包含控制字符' },
  'token.expiryWhole': {
    en: 'expired_time must be a whole number of seconds',
    zh: 'expired_time 必须是整数秒',
  },
  'token.expiryShape': {
    en: 'expired_time must be -1 (never) or a unix time',
    zh: 'expired_time 必须是 -1（永不过期）或 Unix 时间',
  },
  'token.expiryPast': {
    en: 'invalid parameter: expired_time must be in the future, or -1 for never',
    zh: '参数无效：expired_time 必须是将来的时间，或 -1 表示永不过期',
  },
  'token.quotaNegative': { en: 'quota cannot be negative', zh: '额度不能为负数' },
  'token.remainTooLarge': { en: 'remain_quota is too large', zh: 'remain_quota 过大' },
  'token.remainWhole': { en: 'remain_quota must be a whole number', zh: 'remain_quota 必须是整数' },
  'token.listTooLong': { en: '{field} must be at most {max} characters', zh: '{field} 最多 {max} 个字符' },
  'token.modelLimitsInvalid': {
    en: 'model_limits cannot contain control characters',
    zh: 'model_limits 不能包含控制字符',
  },
  'token.notAnIp': {
    en: '"{value}" is not an IP address or CIDR range',
    zh: '“{value}”不是 IP 地址或 CIDR 网段',
  },
  'token.countWhole': { en: 'count must be a whole number', zh: 'count 必须是整数' },
  'token.countMin': { en: 'count must be at least {min}', zh: 'count 不能小于 {min}' },
  'token.countMax': { en: 'count must be at most {max}', zh: 'count 不能大于 {max}' },
  'token.selectAtLeastOne': { en: 'please select at least one token', zh: '请至少选择一个令牌' },
  'token.tooManyAtOnce': { en: 'at most {max} tokens at a time', zh: '一次最多 {max} 个令牌' },
  'token.expired': {
    en: 'the token has expired, change its expiry first',
    zh: '令牌已过期，请先修改过期时间',
  },
  'token.exhausted': { en: 'the token quota is used up, raise it first', zh: '令牌额度已用尽，请先增加额度' },
  'token.groupUnavailable': {
    en: 'invalid parameter: group "{group}" is not available to you',
    zh: '参数无效：你不能使用分组“{group}”',
  },
  'token.limitWhole': { en: '{field} must be a whole number', zh: '{field} 必须是整数' },
  'token.limitNegative': {
    en: '{field} cannot be negative (0 means unlimited)',
    zh: '{field} 不能为负数（0 表示不限制）',
  },
  'token.limitTooLarge': { en: '{field} must be at most {max}', zh: '{field} 最大为 {max}' },
  'token.quotaPeriodShape': {
    en: 'quota_period must be "", "daily", "weekly" or "monthly"',
    zh: 'quota_period 必须是 ""、"daily"、"weekly" 或 "monthly"',
  },
} as const satisfies Catalogue;

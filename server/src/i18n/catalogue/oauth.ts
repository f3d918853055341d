import type { Catalogue } from './types.ts';

/** Third-party sign-in and binding: GitHub, LinuxDO, OpenID Connect, WeChat, Telegram. */
export const oauthMessages = {
  'oauth.stateInvalid': {
    en: 'state is empty, expired or does not match, please start the sign-in again',
    zh: 'state 为空、已过期或不匹配，请重新发起登录',
  },
  'oauth.codeMissing': { en: 'the authorization code is missing', zh: '缺少授权码' },
  'oauth.disabled': {
    en: 'sign-in and registration through {provider} have been disabled by the admin',
    zh: '管理员未开启通过 {provider} 登录以及注册',
  },
  'oauth.notConfigured': {
    en: '{provider} sign-in is not configured by the admin',
    zh: '管理员尚未配置 {provider} 登录',
  },
  'oauth.signInUnderWay': {
    en: 'a sign-in with this {provider} account is still under way: try again in a moment',
    zh: '该 {provider} 账户的另一次登录仍在进行，请稍后重试',
  },
  'oauth.alreadyBound': {
    en: 'this {provider} account is already bound to another user',
    zh: '该 {provider} 账户已被其他用户绑定',
  },
  'oauth.notBound': {
    en: 'this {provider} account is not bound to any user, sign in and bind it first',
    zh: '该 {provider} 账户未绑定用户，请先登录后绑定',
  },
  'oauth.providerRefused': {
    en: '{provider} refused the sign-in: {detail}',
    zh: '{provider} 拒绝了登录：{detail}',
  },
  'oauth.providerUnreachable': {
    en: 'could not reach {provider}, try again later',
    zh: '无法连接 {provider}，请稍后再试',
  },
  'oauth.trustLevelTooLow': {
    en: 'your LinuxDO trust level is below the minimum of {level} set by the admin',
    zh: '你的 LinuxDO 信任等级低于管理员要求的 {level} 级',
  },
  'oauth.telegramHashInvalid': {
    en: 'the Telegram sign-in data could not be verified',
    zh: 'Telegram 登录数据校验失败',
  },
  'oauth.telegramStale': {
    en: 'the Telegram sign-in data has expired, please sign in again',
    zh: 'Telegram 登录数据已过期，请重新登录',
  },
  'oauth.unknownBinding': {
    en: 'unknown binding type, expected one of: {types}',
    zh: '未知的绑定类型，可选：{types}',
  },
  'oauth.adminClearedBinding': {
    en: 'admin {admin} removed the {binding} binding',
    zh: '管理员 {admin} 解除了 {binding} 绑定',
  },
} as const satisfies Catalogue;

import type { Catalogue } from './types.ts';

/** Saving site options: the value checks and the switches that need other settings first. */
export const optionMessages = {
  'option.keyRequired': { en: 'key is required', zh: '需要填写 key' },
  'option.unknown': { en: 'unknown option: {key}', zh: '未知的选项：{key}' },
  'option.notString': { en: 'option {key} must be a string', zh: '选项 {key} 必须是字符串' },
  'option.notBool': { en: 'option {key} must be true or false', zh: '选项 {key} 必须是 true 或 false' },
  'option.notNumber': { en: 'option {key} must be a number', zh: '选项 {key} 必须是数字' },
  'option.notWhole': { en: 'option {key} must be a whole number', zh: '选项 {key} 必须是整数' },
  'option.tooLarge': { en: 'option {key} is too large', zh: '选项 {key} 的值过大' },
  'option.atLeast': { en: 'option {key} must be at least {min}', zh: '选项 {key} 不能小于 {min}' },
  'option.atMost': { en: 'option {key} must be at most {max}', zh: '选项 {key} 不能大于 {max}' },
  'option.notJson': {
    en: 'option {key} is not a valid JSON string',
    zh: '选项 {key} 不是合法的 JSON 字符串',
  },
  'option.wrongShape': {
    en: 'option {key} has the wrong shape{where}: {detail}',
    zh: '选项 {key} 的格式不对{where}：{detail}',
  },
  'option.at': { en: ' at {path}', zh: '（位于 {path}）' },
  'option.tooLong': { en: 'option {key} is too long', zh: '选项 {key} 过长' },
  'option.refused': { en: 'option {key} {problem}', zh: '选项 {key} {problem}' },
  'option.httpAddress': { en: 'must be an http(s) address', zh: '必须是 http(s) 地址' },
  'option.quotaDisplay': {
    en: 'must be USD, CNY, TOKENS or CUSTOM',
    zh: '必须是 USD、CNY、TOKENS 或 CUSTOM',
  },
  'option.positive': { en: 'must be greater than 0', zh: '必须大于 0' },
  'option.symbolLength': { en: 'must be 1 to 8 characters', zh: '必须是 1 到 8 个字符' },
  'option.hourDayWeek': { en: 'must be hour, day or week', zh: '必须是 hour、day 或 week' },
  'option.notHost': {
    en: 'not a host name, address or CIDR range: {entry}',
    zh: '不是主机名、地址或 CIDR 网段：{entry}',
  },
  'option.notStatusCode': {
    en: '"{part}" is not a status code or a range like 500-503',
    zh: '“{part}”不是状态码，也不是 500-503 这样的范围',
  },
  'option.statusOutOfRange': {
    en: '"{part}" is not a range within 100-599',
    zh: '“{part}”不是 100-599 之间的范围',
  },
  'option.needGitHub': {
    en: 'fill in the GitHub Client Id and Client Secret before enabling GitHub OAuth',
    zh: '请先填写 GitHub Client Id 和 Client Secret，再开启 GitHub OAuth',
  },
  'option.needOidc': {
    en: 'fill in the OIDC Client Id and Client Secret before enabling OIDC sign-in',
    zh: '请先填写 OIDC Client Id 和 Client Secret，再开启 OIDC 登录',
  },
  'option.needLinuxDo': {
    en: 'fill in the LinuxDO Client Id and Client Secret before enabling LinuxDO OAuth',
    zh: '请先填写 LinuxDO Client Id 和 Client Secret，再开启 LinuxDO OAuth',
  },
  'option.needWeChat': {
    en: 'fill in the WeChat server address and token before enabling WeChat login',
    zh: '请先填写微信服务器地址和令牌，再开启微信登录',
  },
  'option.needTelegram': {
    en: 'fill in the Telegram bot token and name before enabling Telegram login',
    zh: '请先填写 Telegram 机器人令牌和名称，再开启 Telegram 登录',
  },
  'option.needTurnstile': {
    en: 'fill in the Turnstile site key and secret key before enabling the bot check',
    zh: '请先填写 Turnstile Site Key 和 Secret Key，再开启人机验证',
  },
  'option.needSmtp': {
    en: 'configure an SMTP server before enabling e-mail verification',
    zh: '请先配置 SMTP 服务器，再开启邮箱验证',
  },
} as const satisfies Catalogue;

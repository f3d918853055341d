import type { Catalogue } from './types.ts';

/** E-mail (codes, password reset, the test mail), the bot check, and notifications. */
export const mailMessages = {
  'mail.noServerAddress': {
    en: 'password reset needs the site address: the admin must set the server address in the system settings first',
    zh: '找回密码需要站点地址：管理员需先在系统设置中填写服务器地址',
  },
  'mail.notConfigured': {
    en: 'e-mail is not configured: the admin must set the SMTP server first',
    zh: '邮件未配置：管理员需先设置 SMTP 服务器',
  },
  'mail.sendFailed': { en: 'the e-mail could not be sent: {reason}', zh: '邮件发送失败：{reason}' },
  'mail.testNoAddress': {
    en: 'no address to send the test mail to: give one, or set your own e-mail address',
    zh: '没有测试邮件的收件地址：请填写一个，或先绑定自己的邮箱',
  },
  'mail.codeSubject': { en: '{site} e-mail verification', zh: '{site} 邮箱验证' },
  'mail.codeBody': {
    en: 'Hello,\n\nyou are verifying your e-mail address for {site}.\nYour verification code is: {code}\nIt is valid for {minutes} minutes. If you did not ask for it, ignore this mail.',
    zh: '您好，\n\n您正在进行 {site} 邮箱验证。\n您的验证码为：{code}\n验证码 {minutes} 分钟内有效，如果不是本人操作，请忽略。',
  },
  'mail.resetSubject': { en: '{site} password reset', zh: '{site} 密码重置' },
  'mail.resetBody': {
    en: 'Hello,\n\nyou asked to reset your {site} password.\nOpen this link to reset it: {link}\nThe link is valid for {minutes} minutes and works once. If you did not ask for it, ignore this mail.',
    zh: '您好，\n\n您正在进行 {site} 密码重置。\n点击此链接进行密码重置：{link}\n重置链接 {minutes} 分钟内有效且只能使用一次，如果不是本人操作，请忽略。',
  },
  'mail.testSubject': { en: '{site} test mail', zh: '{site} 测试邮件' },
  'mail.testBody': {
    en: 'This test mail from {site} shows that its SMTP settings work.',
    zh: '这封来自 {site} 的测试邮件说明 SMTP 设置可以正常使用。',
  },
  'mail.emailRequired': { en: 'please enter an e-mail address', zh: '请输入邮箱地址' },
  'mail.emailInvalid': { en: 'invalid e-mail address', zh: '无效的邮箱地址' },
  'mail.aliasRefused': {
    en: 'e-mail aliases (with + or .) are not allowed by the admin',
    zh: '管理员已禁止使用邮箱别名（含 + 或 .）',
  },
  'mail.wait': {
    en: 'a code was sent to this address moments ago, try again in {seconds} seconds',
    zh: '刚刚已向该邮箱发送过验证码，请 {seconds} 秒后再试',
  },
  'mail.resetLinkInvalid': {
    en: 'the reset link is invalid or has expired',
    zh: '重置链接非法或已过期',
  },
  'turnstile.empty': {
    en: 'the bot-check token is empty, wait a few seconds for the check and retry',
    zh: 'Turnstile token 为空，请稍候几秒让人机验证完成后重试',
  },
  'turnstile.failed': {
    en: 'the bot check failed, refresh the page and retry',
    zh: 'Turnstile 校验失败，请刷新重试！',
  },
  'notify.quotaTitle': { en: 'Your quota is running low', zh: '您的额度即将用尽' },
  'notify.quotaContent': {
    en: 'Your remaining quota is {value}, below your warning threshold. Please top up in time.',
    zh: '您的额度即将用尽，当前剩余额度为 {value}，请及时充值',
  },
  'notify.channelDisabledSubject': {
    en: 'Channel "{name}" (#{id}) was disabled',
    zh: '通道「{name}」（#{id}）已被禁用',
  },
  'notify.channelDisabledBody': {
    en: 'Channel "{name}" (#{id}) was disabled automatically. Reason: {reason}',
    zh: '通道「{name}」（#{id}）已被自动禁用，原因：{reason}',
  },
  'notify.channelEnabledSubject': {
    en: 'Channel "{name}" (#{id}) was enabled again',
    zh: '通道「{name}」（#{id}）已被重新启用',
  },
  'notify.channelEnabledBody': {
    en: 'Channel "{name}" (#{id}) passed its test and was enabled again automatically.',
    zh: '通道「{name}」（#{id}）测试通过，已被自动重新启用。',
  },
} as const satisfies Catalogue;

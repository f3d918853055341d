import type { Catalogue } from './types.ts';

/** Redemption codes, redeeming them, and online top-up. */
export const moneyMessages = {
  'redemption.notFound': { en: 'redemption code not found', zh: '兑换码不存在' },
  'redemption.usedStatus': {
    en: 'this code has been used; its status cannot change',
    zh: '该兑换码已被使用，状态不能再修改',
  },
  'redemption.usedEdit': { en: 'a used code cannot be edited', zh: '已使用的兑换码不能编辑' },
  'redemption.markUsed': {
    en: 'a code is marked used only by redeeming it',
    zh: '兑换码只有被兑换后才会标记为已使用',
  },
  'redemption.expiryPast': {
    en: 'the expiry time must be in the future (or 0 for never)',
    zh: '过期时间必须在将来（或 0 表示永不过期）',
  },
  'redemption.nameLength': { en: 'name must be 1 to {max} characters', zh: '名称必须为 1 到 {max} 个字符' },
  'redemption.nameInvalid': { en: 'name cannot contain control characters', zh: '名称不能包含控制字符' },
  'redemption.fieldNumber': { en: '{field} must be a number', zh: '{field} 必须是数字' },
  'redemption.fieldWhole': { en: '{field} must be a whole number', zh: '{field} 必须是整数' },
  'redemption.quotaPositive': { en: 'quota must be a positive whole number', zh: '额度必须是正整数' },
  'redemption.quotaTooLarge': { en: 'quota is too large', zh: '额度过大' },
  'redemption.expiryShape': {
    en: 'expired_time must be 0 (never) or a unix time',
    zh: 'expired_time 必须是 0（永不过期）或 Unix 时间',
  },
  'redemption.expiryTooFar': { en: 'expired_time is too far', zh: 'expired_time 过于遥远' },
  'redemption.countRange': { en: 'count must be 1 to {max}', zh: 'count 必须在 1 到 {max} 之间' },

  'redeem.enterCode': { en: 'please enter a redemption code', zh: '请输入兑换码' },
  'redeem.unknown': { en: 'invalid redemption code', zh: '无效的兑换码' },
  'redeem.used': { en: 'this redemption code has already been used', zh: '该兑换码已被使用' },
  'redeem.disabled': { en: 'this redemption code has been disabled', zh: '该兑换码已被禁用' },
  'redeem.expired': { en: 'this redemption code has expired', zh: '该兑换码已过期' },
  'redeem.tooManyFailures': {
    en: 'too many failed redemption attempts, please try again in 20 minutes',
    zh: '兑换失败次数过多，请 20 分钟后再试',
  },

  'topup.stripeDisabled': {
    en: 'the administrator has not enabled Stripe top-up',
    zh: '管理员未开启 Stripe 充值',
  },
  'topup.stripeUnreachable': {
    en: 'could not reach Stripe, please try again',
    zh: '无法连接 Stripe，请重试',
  },
  'topup.stripeRefused': {
    en: 'Stripe refused the payment: {reason}',
    zh: 'Stripe 拒绝了此次支付：{reason}',
  },
  'topup.epayDisabled': {
    en: 'the administrator has not enabled online top-up',
    zh: '管理员未开启在线充值',
  },
  'topup.unsupportedMethod': { en: 'unsupported payment method', zh: '不支持的支付方式' },
  'topup.amountWhole': { en: 'the amount must be a whole number', zh: '充值数量必须是整数' },
  'topup.amountTooSmall': {
    en: 'the top-up amount cannot be less than {min}',
    zh: '充值数量不能小于 {min}',
  },
  'topup.amountTooLarge': {
    en: 'the top-up amount cannot be more than {max}',
    zh: '充值数量不能大于 {max}',
  },
  'topup.moneyTooLow': { en: 'the amount to pay is too low', zh: '支付金额过低' },
  'topup.noServerAddress': {
    en: 'the administrator has not set the server address',
    zh: '管理员未设置服务器地址',
  },
  'topup.orderNotPending': {
    en: 'order not found or no longer pending',
    zh: '订单不存在，或已不是待支付状态',
  },
  'topup.tradeNoRequired': { en: 'trade_no is required', zh: '需要填写 trade_no' },
} as const satisfies Catalogue;

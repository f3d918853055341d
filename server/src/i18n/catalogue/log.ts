import type { Catalogue } from './types.ts';

/** The usage log: its filters, and the details of the rows the gateway writes. */
export const logMessages = {
  'log.targetTimestamp': {
    en: 'please choose a time: target_timestamp must be a time in unix seconds',
    zh: '请选择时间：target_timestamp 必须是以秒为单位的 Unix 时间',
  },
  'log.consumePrice': {
    en: 'model price ${price}, group ratio {group}',
    zh: '模型价格 ${price}，分组倍率 {group}',
  },
  'log.consumeRatios': {
    en: 'model ratio {model}, completion ratio {completion}, group ratio {group}',
    zh: '模型倍率 {model}，补全倍率 {completion}，分组倍率 {group}',
  },
  'log.newUserGift': { en: 'new user gift: {quota}', zh: '新用户注册赠送 {quota}' },
  'log.inviteeBonus': { en: 'invite code bonus: {quota}', zh: '使用邀请码赠送 {quota}' },
  'log.inviterReward': {
    en: 'invited user {username}: {quota} to the invite balance',
    zh: '邀请用户 {username}：{quota} 计入邀请余额',
  },
  'log.inviteTransfer': {
    en: 'moved {quota} from the invite balance to the wallet',
    zh: '从邀请余额划转 {quota} 到钱包',
  },
  'log.adminSetQuota': {
    en: 'admin {admin} changed the quota from {from} to {to}',
    zh: '管理员 {admin} 将额度从 {from} 修改为 {to}',
  },
  'log.adminAddQuota': {
    en: 'admin {admin} added {quota} to the quota',
    zh: '管理员 {admin} 增加额度 {quota}',
  },
  'log.adminDeductQuota': {
    en: 'admin {admin} deducted {quota} from the quota',
    zh: '管理员 {admin} 扣减额度 {quota}',
  },
  'log.manualTopUp': {
    en: 'completed top-up order {tradeNo} of user #{userId} by hand: {quota}',
    zh: '手动完成用户 #{userId} 的充值订单 {tradeNo}：{quota}',
  },
  'log.redeemed': { en: 'redeemed code #{id} for {quota}', zh: '使用兑换码 #{id} 充值 {quota}' },
  'log.onlineTopUp': {
    en: 'online top-up of {amount} (paid {money} by {method}, order {tradeNo}, {via}): {quota}',
    zh: '在线充值 {amount}（通过 {method} 支付 {money}，订单 {tradeNo}，{via}）：{quota}',
  },
  'log.viaAdmin': { en: 'completed by admin {username} (#{id})', zh: '由管理员 {username}（#{id}）完成' },
  'log.viaStripe': { en: 'stripe event {event}', zh: 'Stripe 事件 {event}' },
  'log.viaEpay': { en: 'epay notify (trade {trade})', zh: '易支付通知（交易号 {trade}）' },
} as const satisfies Catalogue;

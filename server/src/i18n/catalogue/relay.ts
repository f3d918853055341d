import type { Catalogue } from './types.ts';

/**
 * The relay's refusals, in the caller's language (the console's playground sends its own; API
 * clients that send no Accept-Language read English, the historic texts scripts match).
 */
export const relayMessages = {
  'relay.noKey': {
    en: 'no API key provided: send Authorization: Bearer sk-…',
    zh: '未提供 API 密钥：请发送 Authorization: Bearer sk-…',
  },
  'relay.invalidKey': { en: 'invalid API key', zh: 'API 密钥无效' },
  'relay.keyDisabled': { en: 'this API key has been disabled', zh: '此 API 密钥已被禁用' },
  'relay.keyExpired': { en: 'this API key has expired', zh: '此 API 密钥已过期' },
  'relay.keyUsedUp': { en: 'the quota of this API key is used up', zh: '此 API 密钥的额度已用完' },
  'relay.keyNotUsable': { en: 'this API key is not usable', zh: '此 API 密钥不可用' },
  'relay.addressRefused': {
    en: 'calls from {ip} are not allowed for this API key',
    zh: '此 API 密钥不允许来自 {ip} 的调用',
  },
  'relay.keyUserGone': { en: 'the user of this API key no longer exists', zh: '此 API 密钥的用户已不存在' },
  'relay.userDisabled': { en: 'the user has been disabled', zh: '该用户已被禁用' },
  'relay.keyGroupRefused': {
    en: "this API key's group {group} is not available to the user",
    zh: '此 API 密钥的分组 {group} 对该用户不可用',
  },
  'relay.groupRefused': { en: 'group {group} is not available to you', zh: '你不能使用分组 {group}' },
  'relay.pinRefused': {
    en: 'only admins may pin a channel in the key',
    zh: '只有管理员可以在密钥中指定渠道',
  },
  'relay.userQuotaUsedUp': { en: 'the user quota is used up', zh: '用户额度已用完' },
  'relay.userQuotaShort': {
    en: 'the user quota is not enough for this call',
    zh: '用户额度不足以完成本次调用',
  },
  'relay.keyQuotaShort': {
    en: 'the quota of this API key is not enough for this call',
    zh: '此 API 密钥的额度不足以完成本次调用',
  },
  'relay.modelUnpriced': {
    en: 'model {model} has no price configured, ask the admin to set one',
    zh: '模型 {model} 未配置价格，请联系管理员设置',
  },
  'relay.modelNotForKey': {
    en: 'this API key may not use model {model}',
    zh: '此 API 密钥不能使用模型 {model}',
  },
  'relay.modelUnknown': {
    en: 'model {model} does not exist or is not available to this key',
    zh: '模型 {model} 不存在，或此密钥不能使用',
  },
  'relay.noChannel': {
    en: 'no available channel for model {model} in group {group}',
    zh: '分组 {group} 下没有可用于模型 {model} 的渠道',
  },
  'relay.channelsResting': {
    en: 'every channel for model {model} is resting after repeated failures; retry in {seconds} s',
    zh: '模型 {model} 的所有渠道因连续失败而暂停使用，请 {seconds} 秒后重试',
  },
  'relay.firstByteTimeout': {
    en: 'the upstream sent nothing within {seconds} s; the call was cancelled',
    zh: '上游 {seconds} 秒内没有返回任何内容，已取消该调用',
  },
  'relay.channelUnavailable': { en: 'channel {channel} is not available', zh: '渠道 {channel} 不可用' },
  'relay.sensitivePrompt': {
    en: 'the prompt contains words this gateway does not accept; rephrase it and try again',
    zh: '提示中含有本网关不接受的词语，请换个说法再试',
  },
  'relay.answerBrokeOff': {
    en: 'the upstream answer broke off: {reason}',
    zh: '上游的回答中途断开：{reason}',
  },
  'relay.answerNotObject': {
    en: 'the upstream answered with a body that is not a JSON object',
    zh: '上游返回的内容不是 JSON 对象',
  },
  'relay.nodeRecovering': {
    en: 'this gateway process is still settling what its last run left behind; retry in a moment',
    zh: '此网关进程仍在结算上次运行遗留的调用，请稍后重试',
  },
  'relay.endpointNotServed': {
    en: '{type} does not serve {path}: it serves {served} only',
    zh: '{type} 不支持 {path}：只支持 {served}',
  },
  'relay.accountIdMissing': {
    en: "{type} needs its account id: set it in the channel's Account ID field",
    zh: '{type} 需要账户 ID：请在渠道的「账户 ID」一栏填写',
  },
  'relay.keyFormatNotServed': {
    en: "{type}: keys in the form {format} are not served yet; use {instead} as the channel's key",
    zh: '{type}：暂不支持 {format} 形式的密钥；请改用{instead}作为渠道密钥',
  },
  'relay.zhipuKeyMalformed': {
    en: '{type}: the key must be an API key, or id.secret with both parts',
    zh: '{type}：密钥应为 API Key，或两部分都不为空的 id.secret',
  },
  'relay.hunyuanKeyMalformed': {
    en: "{type}: a TC3 key must be AppId|SecretId|SecretKey (three parts, none empty, the AppId a number); a key without | is sent to Hunyuan's OpenAI-compatible API",
    zh: '{type}：TC3 密钥应为 AppId|SecretId|SecretKey（三部分都不为空，AppId 为数字）；不含 | 的密钥按混元 OpenAI 兼容接口的 API Key 使用',
  },
  'relay.cozeBotMissing': {
    en: "{type} needs a bot id: put it in the channel's other field, or call the bot id as the model",
    zh: '{type} 需要 Bot ID：请填写在渠道的 other 字段，或以 Bot ID 作为模型名调用',
  },
  'relay.vertexKeyMalformed': {
    en: 'Vertex AI: the key must be a service account JSON key (an object with project_id, client_email and private_key, as Google Cloud downloads it; a JSON array of them for several accounts), or an API key with the channel setting vertex_key_type "api_key"',
    zh: 'Vertex AI：密钥应为服务账号 JSON 密钥（含 project_id、client_email 与 private_key 的对象，即 Google Cloud 下载的文件；多个账号用 JSON 数组），或在渠道设置 vertex_key_type 为 "api_key" 时填写 API Key',
  },
  'relay.vertexApiKeyClaude': {
    en: 'Vertex AI: an API key only reaches Google models; {model} needs a service account JSON key',
    zh: 'Vertex AI：API Key 只能调用 Google 模型；{model} 需要服务账号 JSON 密钥',
  },
  'relay.vertexTokenFailed': {
    en: 'Vertex AI: the service account {account} could not get an access token: {reason}',
    zh: 'Vertex AI：服务账号 {account} 无法获取访问令牌：{reason}',
  },
  'relay.typeRetired': {
    en: "{type} can no longer be served: the provider's API no longer exists; edit the channel and pick another type",
    zh: '{type} 已无法使用：该服务商的接口已不存在；请编辑渠道并改选其他类型',
  },
} as const satisfies Catalogue;

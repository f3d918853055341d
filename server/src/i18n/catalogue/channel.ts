import type { Catalogue } from './types.ts';

/** Channels: their fields, tags, tests, and the upstream calls made for balances and model lists. */
export const channelMessages = {
  'channel.notFound': { en: 'channel not found', zh: '渠道不存在' },
  'channel.word.model': { en: 'model', zh: '模型' },
  'channel.word.group': { en: 'group', zh: '分组' },
  'channel.selectAtLeastOne': { en: 'please select at least one {what}', zh: '请至少选择一个{what}' },
  'channel.nameTooLongIn': {
    en: '{what} name is too long (at most {max} characters): {name}…',
    zh: '{what}名称过长（最多 {max} 个字符）：{name}…',
  },
  'channel.baseUrlScheme': {
    en: 'base URL must be an http:// or https:// address',
    zh: 'Base URL 必须是 http:// 或 https:// 地址',
  },
  'channel.baseUrlTooLong': {
    en: 'base URL must be at most {max} characters',
    zh: 'Base URL 最多 {max} 个字符',
  },
  'channel.mappingTooLong': {
    en: 'model mapping must be at most {max} characters',
    zh: '模型重定向最多 {max} 个字符',
  },
  'channel.mappingJson': {
    en: 'model mapping must be valid JSON format',
    zh: '模型重定向必须是合法的 JSON 格式',
  },
  'channel.mappingValues': {
    en: 'model mapping must be valid JSON format: every value must be a model name string',
    zh: '模型重定向必须是合法的 JSON 格式：每个值都必须是模型名称字符串',
  },
  'channel.mappingCycle': {
    en: 'model mapping contains a cycle: {cycle}',
    zh: '模型重定向存在循环：{cycle}',
  },
  'channel.statusMappingTooLong': {
    en: 'status code mapping must be at most {max} characters',
    zh: '状态码复写最多 {max} 个字符',
  },
  'channel.statusMappingShape': {
    en: 'status code mapping must be a JSON object of 3-digit status codes, such as {example}',
    zh: '状态码复写必须是由三位状态码组成的 JSON 对象，例如 {example}',
  },
  'channel.field.setting': { en: 'setting', zh: '渠道额外设置' },
  'channel.field.paramOverride': { en: 'param override', zh: '参数覆盖' },
  'channel.field.headerOverride': { en: 'header override', zh: '请求头覆盖' },
  'channel.jsonFieldTooLong': {
    en: '{label} must be at most {max} characters',
    zh: '{label}最多 {max} 个字符',
  },
  'channel.jsonFieldInvalid': {
    en: '{label} must be a valid JSON object',
    zh: '{label}必须是合法的 JSON 对象',
  },
  'channel.priority': {
    en: 'priority must be an integer of at least {min}',
    zh: '优先级必须是不小于 {min} 的整数',
  },
  'channel.weight': { en: 'weight must be a non-negative integer', zh: '权重必须是非负整数' },
  'channel.unknownType': { en: 'unknown channel type: {type}', zh: '未知的渠道类型：{type}' },
  'channel.keyTooLongEach': { en: 'a key must be at most {max} characters', zh: '每个密钥最多 {max} 个字符' },
  'channel.keyFormat': {
    en: '{type}: a key must be written as {formats}',
    zh: '{type}：密钥格式应为 {formats}',
  },
  'channel.maxInputTokens': {
    en: 'max_input_tokens must be a non-negative integer',
    zh: 'max_input_tokens 必须是非负整数',
  },
  'channel.concurrencyLimit': {
    en: 'concurrency_limit must be a whole number from 0 (no cap) to 1000000000',
    zh: 'concurrency_limit 必须是 0（不限制）到 1000000000 之间的整数',
  },
  'channel.autoBanField': { en: 'auto_ban must be 1 or 0', zh: 'auto_ban 必须是 1 或 0' },
  'channel.baseUrlRequired': {
    en: 'base URL is required for {name} channels',
    zh: '{name} 渠道必须填写 Base URL',
  },
  'channel.nameAndKey': { en: 'please fill in channel name and key', zh: '请填写渠道名称和密钥' },
  'channel.batchTooLarge': { en: 'at most {max} keys in one batch', zh: '一次批量最多 {max} 个密钥' },
  'channel.nameEmpty': { en: 'channel name cannot be empty', zh: '渠道名称不能为空' },
  'channel.keyAgain': {
    en: 'changing the base URL or type of a channel requires entering its key again in the same request',
    zh: '修改渠道的 Base URL 或类型时，必须在同一请求中重新填写密钥',
  },
  'channel.noTag': { en: 'no channel has the tag {tag}', zh: '没有渠道带有标签 {tag}' },
  'channel.noChanges': { en: 'no changes', zh: '没有任何改动' },
  'channel.typeParam': {
    en: 'invalid parameter: type must be a channel type id',
    zh: '参数无效：type 必须是渠道类型 ID',
  },
  'channel.modelParam': {
    en: 'invalid parameter: model must be a model name',
    zh: '参数无效：model 必须是模型名称',
  },
  'channel.bodyObject': {
    en: 'invalid parameter: the body must be a JSON object',
    zh: '参数无效：请求体必须是 JSON 对象',
  },
  'channel.unfixed': { en: '{count} channels could not be fixed', zh: '{count} 个渠道未能修复' },
  'channel.testAllRunning': {
    en: 'a test of all channels is already running',
    zh: '已有一次全部渠道的测试正在进行',
  },
  'channel.testAllStarted': {
    en: 'testing {count} channels in the background',
    zh: '正在后台测试 {count} 个渠道',
  },
  'channel.testUnsupported': {
    en: 'testing this channel type is not supported yet',
    zh: '暂不支持测试此类型的渠道',
  },
  'channel.testConnectionFailed': {
    en: 'upstream connection failed: {reason}',
    zh: '连接上游失败：{reason}',
  },
  'channel.testTooSlow': {
    en: 'response time {seconds}s is over the {threshold}s threshold',
    zh: '响应时间 {seconds} 秒，超过了 {threshold} 秒的阈值',
  },
  'channel.jsonOrText': { en: 'must be a JSON object or its text', zh: '必须是 JSON 对象或其文本' },
  'channel.nameList': {
    en: 'must be a comma-separated list or an array of names',
    zh: '必须是以逗号分隔的列表或名称数组',
  },
  'channel.keyTooLong': { en: 'the key is too long', zh: '密钥过长' },
  'channel.oneOrZero': { en: 'must be 1 or 0', zh: '必须是 1 或 0' },
  'channel.addMode': {
    en: 'unsupported add mode: use single or batch',
    zh: '不支持的添加模式：请使用 single 或 batch',
  },
  'channel.idList': { en: 'ids must be a list of channel ids', zh: 'ids 必须是渠道 ID 的列表' },
  'channel.selectFirst': { en: 'please select channels first', zh: '请先选择渠道' },
  'channel.tooManyAtOnce': { en: 'at most {max} channels at a time', zh: '一次最多 {max} 个渠道' },
  'channel.tagEmpty': { en: 'tag cannot be empty', zh: '标签不能为空' },
  'channel.enterTag': { en: 'please enter a tag', zh: '请输入标签' },

  'upstream.timeout': {
    en: 'the upstream did not answer within {seconds} s',
    zh: '上游在 {seconds} 秒内没有响应',
  },
  'upstream.unreachable': {
    en: 'the upstream could not be reached ({cause})',
    zh: '无法连接上游（{cause}）',
  },
  'upstream.tooLarge': { en: 'the upstream answer is too large', zh: '上游的响应过大' },
  'upstream.httpStatus': {
    en: 'the upstream answered HTTP {status}{detail}',
    zh: '上游返回 HTTP {status}{detail}',
  },
  'upstream.notJson': { en: 'the upstream answer is not JSON', zh: '上游的响应不是 JSON' },
  'upstream.noNumberAt': {
    en: 'the upstream answer has no number at {path}',
    zh: '上游的响应中 {path} 处没有数字',
  },
  'upstream.noBalanceInfos': {
    en: 'the upstream answer has no balance_infos',
    zh: '上游的响应中没有 balance_infos',
  },
  'upstream.balanceUnsupported': {
    en: 'balance query is not supported for this channel type',
    zh: '此类型的渠道不支持查询余额',
  },
  'upstream.noBaseUrl': { en: 'the channel has no base URL to query', zh: '该渠道没有可查询的 Base URL' },
  'upstream.enterKey': { en: 'please fill in key', zh: '请填写密钥' },
  'upstream.enterBaseUrl': { en: 'please fill in the base URL', zh: '请填写 Base URL' },
  'upstream.noModelList': {
    en: '{type} has no model list to fetch: type the model names in',
    zh: '{type} 没有可获取的模型列表，请手动填写模型',
  },
  'upstream.hunyuanTc3NoModelList': {
    en: "{type}: Tencent Cloud's TC3 API has no model list to fetch: type the model names in (an API key of the OpenAI-compatible API can list them)",
    zh: '{type}：腾讯云 TC3 接口没有可获取的模型列表，请手动填写模型（OpenAI 兼容接口的 API Key 可以获取列表）',
  },
  'upstream.notModelList': { en: 'the upstream answer is not a model list', zh: '上游的响应不是模型列表' },

  'net.refused': {
    en: 'refused to connect to {where}: {reason}; root can allow it in the OutboundAllowList option',
    zh: '拒绝连接 {where}：{reason}；root 可在 OutboundAllowList 选项中放行',
  },
  'net.notIp': { en: 'not an IP address', zh: '不是 IP 地址' },
  'net.metadata': { en: 'a cloud metadata address', zh: '这是云服务的元数据地址' },
  'net.range': { en: '{range} address', zh: '这是{range}地址' },
} as const satisfies Catalogue;

import type { Catalogue } from './types.ts';

/** Answers of the HTTP layer, the sign-in guard and input validation, shared by every area. */
export const commonMessages = {
  verbatim: { en: '{text}', zh: '{text}' },
  'http.invalidJson': { en: 'the request body is not valid JSON', zh: '请求体不是有效的 JSON' },
  'http.emptyJson': { en: 'the request body is empty', zh: '请求体为空' },
  'http.bodyTooLarge': { en: 'the request body is too large', zh: '请求体过大' },
  'http.unsupportedMediaType': { en: 'unsupported content type', zh: '不支持的内容类型' },
  'http.urlNul': { en: 'the address contains a NUL character (%00)', zh: '地址中含有 NUL 字符（%00）' },
  'http.bodyNul': {
    en: 'the request contains a NUL character (\\u0000), which cannot be stored',
    zh: '请求中含有 NUL 字符（\\u0000），无法保存',
  },
  'http.jsonTooDeep': {
    en: 'the request body nests JSON deeper than {depth} levels',
    zh: '请求体的 JSON 嵌套超过 {depth} 层',
  },
  'http.notFound': { en: 'Invalid URL ({method} {path})', zh: '无效的地址（{method} {path}）' },
  'http.internal': { en: 'internal server error, contact the admin', zh: '服务器内部错误，请联系管理员' },
  'http.databaseUnavailable': {
    en: 'the database is unavailable right now; try again shortly',
    zh: '数据库暂时不可用，请稍后再试',
  },
  'http.tooManyRequests': { en: 'too many requests, try again later', zh: '请求过于频繁，请稍后再试' },

  'auth.notLoggedIn': { en: 'not logged in and no access token provided', zh: '未登录，且未提供访问令牌' },
  'auth.invalidAccessToken': { en: 'invalid access token', zh: '访问令牌无效' },
  'auth.userHeaderMissing': { en: 'New-Api-User header is missing', zh: '缺少 New-Api-User 请求头' },
  'auth.userHeaderNotId': {
    en: 'New-Api-User header is not a user id',
    zh: 'New-Api-User 请求头不是用户 ID',
  },
  'auth.userHeaderMismatch': {
    en: 'New-Api-User does not match the signed-in user',
    zh: 'New-Api-User 与当前登录的用户不一致',
  },
  'auth.userGone': { en: 'user not found, please log in again', zh: '用户不存在，请重新登录' },
  'auth.userDisabled': { en: 'user has been disabled', zh: '用户已被禁用' },
  'auth.noPermission': { en: 'no permission for this operation', zh: '无权进行此操作' },
  'auth.changeDefaultPassword': {
    en: 'the root password is still the default one: change it (PUT /api/user/self) before anything else',
    zh: 'root 密码仍是默认密码：请先修改密码（PUT /api/user/self），再进行其他操作',
  },

  'param.invalid': { en: 'invalid parameter: {field}{detail}', zh: '参数无效：{field}{detail}' },
  'param.badInput': { en: 'bad input', zh: '输入有误' },
  'param.idPositive': {
    en: 'invalid parameter: id must be a positive integer',
    zh: '参数无效：id 必须是正整数',
  },
  'field.integer': { en: 'must be an integer', zh: '必须是整数' },
  'field.tooLong': { en: 'must be at most {max} characters', zh: '最多 {max} 个字符' },
  'field.wholeNumber': { en: 'must be a whole number of 0 or more', zh: '必须是不小于 0 的整数' },
  'field.idWhole': { en: 'id must be a whole number', zh: 'id 必须是整数' },
  'field.idPositive': { en: 'id must be a positive integer', zh: 'id 必须是正整数' },
  'field.enabledOrDisabled': {
    en: 'status must be 1 (enabled) or 2 (disabled)',
    zh: '状态必须是 1（启用）或 2（禁用）',
  },
  'field.groupTooLong': { en: 'group must be at most {max} characters', zh: '分组最多 {max} 个字符' },
} as const satisfies Catalogue;

import type { Catalogue } from './types.ts';

/** Registration, sign-in, one's own account, and the admin's user management. */
export const accountMessages = {
  'account.registerDisabled': {
    en: 'new user registration has been disabled by the admin',
    zh: '管理员已关闭新用户注册',
  },
  'account.passwordRegisterDisabled': {
    en: 'registration with a password has been disabled by the admin, use a third-party account',
    zh: '管理员已关闭密码注册，请使用第三方账户注册',
  },
  'account.passwordsDiffer': { en: 'the two passwords do not match', zh: '两次输入的密码不一致' },
  'account.emailDomainRefused': {
    en: 'this e-mail domain is not allowed by the admin',
    zh: '管理员不允许使用此邮箱域名',
  },
  'account.emailCodeRequired': {
    en: 'e-mail and verification code are required',
    zh: '需要填写邮箱和验证码',
  },
  'account.emailCodeWrong': {
    en: 'verification code is incorrect or has expired',
    zh: '验证码错误或已过期',
  },
  'account.passwordLoginDisabled': {
    en: 'password login has been disabled by the admin',
    zh: '管理员已关闭密码登录',
  },
  'account.wrongCredentials': {
    en: 'wrong username or password, or the user has been banned',
    zh: '用户名或密码错误，或该用户已被封禁',
  },
  'account.credentialsRequired': { en: 'please enter username and password', zh: '请输入用户名和密码' },
  'account.usernameTaken': { en: 'username already exists', zh: '用户名已存在' },
  'account.emailTaken': { en: 'e-mail address already in use', zh: '该邮箱地址已被使用' },
  'account.currentPasswordRequired': { en: 'please enter the current password', zh: '请输入当前密码' },
  'account.currentPasswordWrong': { en: 'the current password is wrong', zh: '当前密码错误' },
  'account.rootUndeletable': {
    en: 'the super admin account cannot be deleted',
    zh: '超级管理员账户不能注销',
  },
  'account.transferTooLittle': {
    en: 'the amount to transfer must be at least {minimum} quota',
    zh: '划转额度不能少于 {minimum}',
  },
  'account.notEnoughInviteQuota': { en: 'not enough invite quota', zh: '邀请额度不足' },

  'user.usernameEmpty': { en: 'username cannot be empty', zh: '用户名不能为空' },
  'user.usernameTooLong': { en: 'username must be at most {max} characters', zh: '用户名最多 {max} 个字符' },
  'user.usernameInvalid': {
    en: 'username cannot contain spaces or control characters',
    zh: '用户名不能包含空格或控制字符',
  },
  'user.passwordTooShort': { en: 'password must be at least {min} characters', zh: '密码至少 {min} 个字符' },
  'user.passwordTooLong': { en: 'password must be at most {max} characters', zh: '密码最多 {max} 个字符' },
  'user.displayNameTooLong': {
    en: 'display name must be at most {max} characters',
    zh: '显示名称最多 {max} 个字符',
  },
  'user.displayNameInvalid': {
    en: 'display name cannot contain control characters',
    zh: '显示名称不能包含控制字符',
  },
  'user.emailInvalid': { en: 'invalid e-mail address', zh: '邮箱地址无效' },
  'user.groupEmpty': { en: 'group cannot be empty', zh: '分组不能为空' },
  'user.quotaWhole': { en: 'quota must be a whole number', zh: '额度必须是整数' },
  'user.credentialsEmpty': { en: 'username and password cannot be empty', zh: '用户名和密码不能为空' },
  'user.manageAction': {
    en: 'action must be one of disable, enable, delete, promote, demote, add_quota',
    zh: 'action 必须是 disable、enable、delete、promote、demote、add_quota 之一',
  },
  'user.quotaAdjustMode': {
    en: 'mode must be one of add, subtract, override',
    zh: 'mode 必须是 add、subtract、override 之一',
  },
  'user.quotaChangeZero': { en: 'the amount must be greater than 0', zh: '调整额度必须大于 0' },
  'user.deductTooMuch': {
    en: 'cannot deduct more than the balance of {balance}',
    zh: '扣减额度不能超过当前余额 {balance}',
  },
  'user.quotaTooLarge': { en: 'the balance would be too large', zh: '调整后的余额过大' },
  'user.webhookRequired': { en: 'a webhook URL is required', zh: '需要填写 Webhook 地址' },
  'user.webhookHttps': {
    en: 'the webhook URL must start with https://',
    zh: 'Webhook 地址必须以 https:// 开头',
  },
  'user.notFound': { en: 'user not found', zh: '用户不存在' },
  'user.sameOrHigherRole': {
    en: 'no permission to access or change users of the same or a higher role',
    zh: '无权访问或修改同级或更高权限的用户',
  },
  'user.invalidRole': { en: 'invalid role', zh: '无效的角色' },
  'user.roleTooHigh': {
    en: 'cannot create users with a role greater than or equal to your own',
    zh: '不能创建权限大于或等于自己的用户',
  },
  'user.rootNotDemotable': { en: 'cannot demote the super admin', zh: '不能降级超级管理员' },
  'user.adminCannotPromote': {
    en: 'a regular admin cannot promote others to admin',
    zh: '普通管理员不能将他人提升为管理员',
  },
  'user.rootNotDisableable': { en: 'cannot disable the super admin', zh: '不能禁用超级管理员' },
  'user.rootNotDeletable': { en: 'cannot delete the super admin', zh: '不能删除超级管理员' },
  'user.alreadyCommon': { en: 'the user is already a common user', zh: '该用户已是普通用户' },
  'user.alreadyAdmin': { en: 'the user is already an admin', zh: '该用户已是管理员' },
} as const satisfies Catalogue;

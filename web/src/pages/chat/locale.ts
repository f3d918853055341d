import type { Locale } from '../../i18n/locale.ts';

export const locale: Locale = {
  zh: {
    chat: {
      frameTitle: '聊天',
      loading: '正在加载聊天…',
      opening: '正在打开聊天…',
      noToken: '当前没有可用的启用令牌，请确认是否有令牌处于启用状态！',
      redirecting: '正在跳转到令牌页面…',
      toTokens: '前往令牌页面',
      tokensFailed: '无法读取你的令牌',
      retry: '重试',
      error: {
        unreadable: '聊天数据解析失败',
        notConfigured: '请联系管理员配置聊天链接',
        badLink: '聊天链接配置错误，请联系管理员',
      },
    },
  },
  en: {
    chat: {
      frameTitle: 'Chat',
      loading: 'Loading the chat…',
      opening: 'Opening the chat…',
      noToken: 'No enabled token is available. Check that one of your tokens is enabled.',
      redirecting: 'Going to the token page…',
      toTokens: 'Go to tokens',
      tokensFailed: 'Your tokens could not be read',
      retry: 'Retry',
      error: {
        unreadable: 'The chat settings could not be read',
        notConfigured: 'Please ask the admin to configure chat links',
        badLink: 'The chat link is misconfigured; please contact the admin',
      },
    },
  },
};

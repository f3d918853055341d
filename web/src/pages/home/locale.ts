import type { Locale } from '../../i18n/locale.ts';

/** Home and about page strings. */
export const locale: Locale = {
  zh: {
    home: {
      welcomeTitle: '欢迎使用 {{name}}',
      welcomeDescription:
        '这是一个 AI 模型网关：通过一个兼容 OpenAI 的接口统一接入多家上游模型服务商，按额度计费，并提供令牌、分组与用量日志管理。',
      welcomeHint: '这是默认首页：可在「系统设置 → 其他设置」中换成你自己的内容。',
      openSettings: '设置首页内容',
      openConsole: '进入控制台',
      notice: '系统公告',
      noticeDismiss: '不再显示此公告',
      aboutDefault:
        '管理员尚未设置关于页面的内容。可以在「系统设置 → 其他设置」中设置：支持 Markdown 与 HTML，单独一个以 https:// 开头的链接将以内嵌页面显示。',
    },
  },
  en: {
    home: {
      welcomeTitle: 'Welcome to {{name}}',
      welcomeDescription:
        'An AI model gateway: one OpenAI-compatible API in front of many upstream model providers, with quota-based billing, API tokens, groups and usage logs.',
      welcomeHint: 'This is the default home page: put your own content in Settings → Other.',
      openSettings: 'Set the home page',
      openConsole: 'Open the console',
      notice: 'Announcement',
      noticeDismiss: 'Do not show this again',
      aboutDefault:
        'The admin has not set any about content yet. It can be set in System settings → Other: Markdown and HTML are supported, and a single link starting with https:// is shown as an embedded page.',
    },
  },
};

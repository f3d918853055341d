import type { Locale } from '../../i18n/locale.ts';

export const locale: Locale = {
  zh: {
    dashboard: {
      title: '数据看板',
      username: '用户名',
      granularity: { hour: '小时', day: '天', week: '周' },
      balance: '当前余额',
      usedQuota: '历史消耗',
      requestCount: '请求次数',
      rpm: 'RPM（近 1 分钟）',
      tpm: 'TPM（近 1 分钟）',
      periodCalls: '期间调用次数',
      periodQuota: '期间消耗额度',
      periodTokens: '期间 Tokens',
      calls: '调用次数',
      quotaChart: '额度消耗（按模型）',
      callsChart: '调用次数',
      shareChart: '模型消耗占比',
      loadFailed: '看板数据加载失败',
    },
  },
  en: {
    dashboard: {
      title: 'Dashboard',
      username: 'Username',
      granularity: { hour: 'Hour', day: 'Day', week: 'Week' },
      balance: 'Balance',
      usedQuota: 'Used quota',
      requestCount: 'Requests',
      rpm: 'RPM (last minute)',
      tpm: 'TPM (last minute)',
      periodCalls: 'Calls in period',
      periodQuota: 'Quota in period',
      periodTokens: 'Tokens in period',
      calls: 'Calls',
      quotaChart: 'Quota by model',
      callsChart: 'Calls',
      shareChart: 'Share by model',
      loadFailed: 'The dashboard data could not be loaded',
    },
  },
};

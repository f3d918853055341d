import { locale as auth } from '../pages/auth/locale.ts';
import { locale as channel } from '../pages/channel/locale.ts';
import { locale as chat } from '../pages/chat/locale.ts';
import { locale as dashboard } from '../pages/dashboard/locale.ts';
import { locale as home } from '../pages/home/locale.ts';
import { locale as log } from '../pages/log/locale.ts';
import { locale as personal } from '../pages/personal/locale.ts';
import { locale as playground } from '../pages/playground/locale.ts';
import { locale as pricing } from '../pages/pricing/locale.ts';
import { locale as redemption } from '../pages/redemption/locale.ts';
import { locale as setting } from '../pages/setting/locale.ts';
import { locale as task } from '../pages/task/locale.ts';
import { locale as token } from '../pages/token/locale.ts';
import { locale as topup } from '../pages/topup/locale.ts';
import { locale as user } from '../pages/user/locale.ts';
import { common } from './common.ts';
import type { Locale } from './locale.ts';

/** Every feature's strings; each feature owns its own top-level key (`token.*`, `channel.*`, …). */
export const locales: Record<string, Locale> = {
  common,
  auth,
  channel,
  chat,
  dashboard,
  home,
  log,
  personal,
  playground,
  pricing,
  redemption,
  setting,
  task,
  token,
  topup,
  user,
};

function merge(language: 'zh' | 'en'): Record<string, unknown> {
  return Object.assign({}, ...Object.values(locales).map((locale) => locale[language]));
}

export const resources = { zh: merge('zh'), en: merge('en') };

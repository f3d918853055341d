import type { Locale } from '../../i18n/locale.ts';
import { en } from './locale-en.ts';
import { zh } from './locale-zh.ts';

export const locale: Locale = { zh, en };

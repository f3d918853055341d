import { accountMessages } from './account.ts';
import { channelMessages } from './channel.ts';
import { commonMessages } from './common.ts';
import { limitMessages } from './limits.ts';
import { logMessages } from './log.ts';
import { mailMessages } from './mail.ts';
import { moneyMessages } from './money.ts';
import { oauthMessages } from './oauth.ts';
import { optionMessages } from './options.ts';
import { relayMessages } from './relay.ts';
import { sunoMessages } from './suno.ts';
import { tokenMessages } from './token.ts';
import { videoMessages } from './video.ts';

/**
 * Every message the console API answers with, in English and Chinese: one table, so a message is
 * written once and both languages stay side by side. The English texts are the API's historic
 * ones (tests and scripts match them), so they change only on purpose.
 */
/** The areas the catalogue is made of (the unit test checks that no id is defined twice). */
export const AREAS = [
  commonMessages,
  accountMessages,
  channelMessages,
  tokenMessages,
  moneyMessages,
  optionMessages,
  logMessages,
  limitMessages,
  relayMessages,
  sunoMessages,
  videoMessages,
  mailMessages,
  oauthMessages,
] as const;

export const CATALOGUE = {
  ...commonMessages,
  ...accountMessages,
  ...channelMessages,
  ...tokenMessages,
  ...moneyMessages,
  ...optionMessages,
  ...logMessages,
  ...limitMessages,
  ...relayMessages,
  ...sunoMessages,
  ...videoMessages,
  ...mailMessages,
  ...oauthMessages,
} as const;

import type { OptionsCache } from '../../cache/options-cache.ts';
import { msg } from '../../i18n/text.ts';
import { providerJson } from './provider-http.ts';
import { OAuthRefusal, type ThirdParty } from './provider.ts';

const LABEL = 'WeChat';

export const wechat: ThirdParty = {
  label: LABEL,
  column: 'wechat_id',
  enabledOption: 'WeChatAuthEnabled',
  usernamePrefix: 'wechat_',
};

/**
 * The WeChat user of a verification code, asked of the WeChat server (the wechat-server protocol:
 * GET /api/wechat/user?code= with the server token as Authorization, answering the user's openid).
 */
export async function wechatAccount(code: string, settings: OptionsCache): Promise<string> {
  const address = settings.get('WeChatServerAddress');
  if (!address) throw new OAuthRefusal(msg('oauth.notConfigured', { provider: LABEL }));
  const answer = await providerJson(
    LABEL,
    `${address}/api/wechat/user?${new URLSearchParams({ code }).toString()}`,
    { headers: { authorization: settings.get('WeChatServerToken') } },
  );
  if (answer.success !== true || typeof answer.data !== 'string' || answer.data === '') {
    const detail = typeof answer.message === 'string' && answer.message ? answer.message : 'no user';
    throw new OAuthRefusal(msg('oauth.providerRefused', { provider: LABEL, detail }));
  }
  return answer.data;
}

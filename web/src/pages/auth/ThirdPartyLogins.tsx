import { GithubOutlined, LoginOutlined, SendOutlined, WechatOutlined } from '@ant-design/icons';
import type { StatusObject } from '@relaygate/contract';
import { Button, Divider, Flex, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../components/feedback.ts';
import { StorageKey, readText } from '../../lib/storage.ts';
import { authApi } from './auth-api.ts';
import { githubAuthorizeUrl, linuxdoAuthorizeUrl, telegramBotUrl, type OAuthProvider } from './oauth-urls.ts';
import { WeChatLoginModal } from './WeChatLoginModal.tsx';

const authorizeUrl: Record<OAuthProvider, (clientId: string, state: string) => string> = {
  github: githubAuthorizeUrl,
  linuxdo: linuxdoAuthorizeUrl,
};

/** One button per third-party login the site has enabled (spec §2.2); nothing when none is. */
export function ThirdPartyLogins({ status }: { status: StatusObject | undefined }) {
  const { t } = useTranslation();
  const [starting, setStarting] = useState<OAuthProvider | null>(null);
  const [wechatOpen, setWechatOpen] = useState(false);

  if (!status) return null;
  const github = status.github_oauth && !!status.github_client_id;
  const linuxdo = status.linuxdo_oauth && !!status.linuxdo_client_id;
  const telegram = status.telegram_oauth && !!status.telegram_bot_name;
  if (!github && !linuxdo && !status.wechat_login && !telegram) return null;

  /** A third-party login first fetches a state value, then leaves for the provider's consent page. */
  const startOAuth = async (provider: OAuthProvider, clientId: string) => {
    setStarting(provider);
    try {
      const state = await authApi.oauthState(readText(StorageKey.affCode) ?? '');
      window.location.assign(authorizeUrl[provider](clientId, state));
    } catch (error) {
      showError(error);
      setStarting(null);
    }
  };

  return (
    <>
      <Divider plain>{t('auth.otherMethods')}</Divider>
      <Flex wrap gap={8} justify="center">
        {github && (
          <Button
            icon={<GithubOutlined />}
            loading={starting === 'github'}
            onClick={() => void startOAuth('github', status.github_client_id)}
          >
            {t('auth.github')}
          </Button>
        )}
        {linuxdo && (
          <Button
            icon={<LoginOutlined />}
            loading={starting === 'linuxdo'}
            onClick={() => void startOAuth('linuxdo', status.linuxdo_client_id)}
          >
            {t('auth.linuxdo')}
          </Button>
        )}
        {status.wechat_login && (
          <Button icon={<WechatOutlined />} onClick={() => setWechatOpen(true)}>
            {t('auth.wechat')}
          </Button>
        )}
        {telegram && (
          <Tooltip title={t('auth.telegramNote')}>
            <Button
              icon={<SendOutlined />}
              href={telegramBotUrl(status.telegram_bot_name)}
              target="_blank"
              rel="noreferrer"
            >
              {t('auth.telegram', { bot: status.telegram_bot_name })}
            </Button>
          </Tooltip>
        )}
      </Flex>
      {status.wechat_login && (
        <WeChatLoginModal
          open={wechatOpen}
          qrCode={status.wechat_qrcode}
          onClose={() => setWechatOpen(false)}
        />
      )}
    </>
  );
}

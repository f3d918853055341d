import { GithubOutlined, KeyOutlined, LoginOutlined, WechatOutlined } from '@ant-design/icons';
import type { StatusObject } from '@relaygate/contract';
import { Button, Divider, Flex } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../api/feedback.ts';
import { TelegramLoginButton, type TelegramFields } from '../../components/TelegramLoginButton.tsx';
import { authorizeUrl, enabledOAuthProviders, type OAuthProvider } from '../../lib/oauth-urls.ts';
import { StorageKey, readText } from '../../lib/storage.ts';
import { authApi } from './auth-api.ts';
import { useCompleteLogin } from './use-complete-login.ts';
import { WeChatLoginModal } from './WeChatLoginModal.tsx';

const ICONS: Record<OAuthProvider, ReactNode> = {
  github: <GithubOutlined />,
  linuxdo: <LoginOutlined />,
  oidc: <KeyOutlined />,
};

/** One button per third-party login the site has enabled (spec §2.2); nothing when none is. */
export function ThirdPartyLogins({ status }: { status: StatusObject | undefined }) {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const [starting, setStarting] = useState<OAuthProvider | null>(null);
  const [wechatOpen, setWechatOpen] = useState(false);

  if (!status) return null;
  const providers = enabledOAuthProviders(status);
  const telegram = status.telegram_oauth && !!status.telegram_bot_name;
  if (providers.length === 0 && !status.wechat_login && !telegram) return null;

  /** A third-party login first fetches a state value, then leaves for the provider's consent page. */
  const startOAuth = async (provider: OAuthProvider) => {
    setStarting(provider);
    try {
      const state = await authApi.oauthState(readText(StorageKey.affCode) ?? '');
      window.location.assign(authorizeUrl(provider, status, state, window.location.origin));
    } catch (error) {
      showError(error);
      setStarting(null);
    }
  };

  const telegramLogin = (fields: TelegramFields) => {
    authApi.telegramLogin(fields).then(completeLogin, showError);
  };

  return (
    <>
      <Divider plain>{t('auth.otherMethods')}</Divider>
      <Flex wrap gap={8} justify="center" align="center">
        {providers.map((provider) => (
          <Button
            key={provider}
            icon={ICONS[provider]}
            loading={starting === provider}
            onClick={() => void startOAuth(provider)}
          >
            {t(`auth.${provider}`)}
          </Button>
        ))}
        {status.wechat_login && (
          <Button icon={<WechatOutlined />} onClick={() => setWechatOpen(true)}>
            {t('auth.wechat')}
          </Button>
        )}
        {telegram && <TelegramLoginButton bot={status.telegram_bot_name} onAuth={telegramLogin} />}
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

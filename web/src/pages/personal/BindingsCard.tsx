import type { UserView } from '@relaygate/contract';
import { Button, Card, Divider, Flex, Tooltip, Typography } from 'antd';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../api/feedback.ts';
import { TelegramLoginButton, type TelegramFields } from '../../components/TelegramLoginButton.tsx';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { authorizeUrl, enabledOAuthProviders, type OAuthProvider } from '../../lib/oauth-urls.ts';
import { useStatus } from '../../status/status.ts';
import { EmailBindModal } from './EmailBindModal.tsx';
import { bindTelegram, oauthState } from './personal-api.ts';
import { WeChatBindModal } from './WeChatBindModal.tsx';
import { SELF_KEY } from '../../api/self.ts';

/** The code-flow accounts and the users field each is kept in. */
const OAUTH_ROWS = [
  { provider: 'github', field: 'github_id', label: 'personal.bindings.github' },
  { provider: 'linuxdo', field: 'linux_do_id', label: 'personal.bindings.linuxdo' },
  { provider: 'oidc', field: 'oidc_id', label: 'personal.bindings.oidc' },
] as const satisfies readonly { provider: OAuthProvider; field: keyof UserView; label: string }[];

function BindingRow({
  name,
  title,
  value,
  action,
}: {
  name: string;
  title: string;
  value: ReactNode;
  action: ReactNode;
}) {
  return (
    <>
      <Divider size="small" />
      <Flex justify="space-between" align="center" gap={12} data-testid={`binding-${name}`}>
        <Flex vertical>
          <Typography.Text strong>{title}</Typography.Text>
          {value}
        </Flex>
        {action}
      </Flex>
    </>
  );
}

/** What is bound to the account; each account the site allows can be (re)bound here. */
export function BindingsCard({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const status = useStatus();
  const [bindingEmail, setBindingEmail] = useState(false);
  const [bindingWeChat, setBindingWeChat] = useState(false);
  const [leavingFor, setLeavingFor] = useState<OAuthProvider | null>(null);
  const telegram = useApiMutation(bindTelegram, {
    invalidate: [SELF_KEY],
    successMessage: t('personal.bindings.telegramBound'),
  });

  const value = (text: string) =>
    text ? (
      <Typography.Text copyable>{text}</Typography.Text>
    ) : (
      <Typography.Text type="secondary">{t('personal.bindings.notBound')}</Typography.Text>
    );
  const bindLabel = (bound: string) => (bound ? t('personal.bindings.change') : t('personal.bindings.bind'));
  const notEnabled = (bound: string) => (
    <Tooltip title={t('personal.bindings.notEnabled')}>
      <Button disabled>{bindLabel(bound)}</Button>
    </Tooltip>
  );

  const enabled = status ? enabledOAuthProviders(status) : [];
  /** Binding through a provider is a sign-in while signed in: the callback page binds (message 'bind'). */
  const startOAuth = async (provider: OAuthProvider) => {
    if (!status) return;
    setLeavingFor(provider);
    try {
      window.location.assign(authorizeUrl(provider, status, await oauthState(), window.location.origin));
    } catch (error) {
      showError(error);
      setLeavingFor(null);
    }
  };

  return (
    <Card title={t('personal.bindings.title')}>
      <Flex justify="space-between" align="center" gap={12}>
        <Flex vertical>
          <Typography.Text strong>{t('personal.bindings.email')}</Typography.Text>
          {value(user.email)}
        </Flex>
        <Button onClick={() => setBindingEmail(true)}>{bindLabel(user.email)}</Button>
      </Flex>
      {OAUTH_ROWS.map(({ provider, field, label }) => (
        <Fragment key={provider}>
          <BindingRow
            name={provider}
            title={t(label)}
            value={value(user[field])}
            action={
              enabled.includes(provider) ? (
                <Button loading={leavingFor === provider} onClick={() => void startOAuth(provider)}>
                  {bindLabel(user[field])}
                </Button>
              ) : (
                notEnabled(user[field])
              )
            }
          />
        </Fragment>
      ))}
      <BindingRow
        name="wechat"
        title={t('personal.bindings.wechat')}
        value={value(user.wechat_id)}
        action={
          status?.wechat_login ? (
            <Button onClick={() => setBindingWeChat(true)}>{bindLabel(user.wechat_id)}</Button>
          ) : (
            notEnabled(user.wechat_id)
          )
        }
      />
      <BindingRow
        name="telegram"
        title={t('personal.bindings.telegram')}
        value={value(user.telegram_id)}
        action={
          status?.telegram_oauth && status.telegram_bot_name ? (
            <TelegramLoginButton
              bot={status.telegram_bot_name}
              onAuth={(fields: TelegramFields) => telegram.mutate(fields)}
            />
          ) : (
            notEnabled(user.telegram_id)
          )
        }
      />
      <EmailBindModal open={bindingEmail} current={user.email} onClose={() => setBindingEmail(false)} />
      <WeChatBindModal
        open={bindingWeChat}
        qrCode={status?.wechat_qrcode ?? ''}
        onClose={() => setBindingWeChat(false)}
      />
    </Card>
  );
}

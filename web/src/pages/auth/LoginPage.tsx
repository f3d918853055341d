import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { feedback } from '../../api/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { canRegister } from '../../shell/site-links.ts';
import { useStatus } from '../../status/status.ts';
import { AuthCard } from './AuthCard.tsx';
import { authApi } from './auth-api.ts';
import { useBotCheck } from './BotCheck.tsx';
import { ThirdPartyLogins } from './ThirdPartyLogins.tsx';
import { useCompleteLogin } from './use-complete-login.ts';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

interface LoginForm {
  username: string;
  password: string;
}

/**
 * /login (spec §2.2): password login, third-party logins and the bot check. The default root password
 * is asked to change by the shell's DefaultPasswordGate, wherever the user lands.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const status = useStatus();
  const bot = useBotCheck();
  const completeLogin = useCompleteLogin();

  const login = useApiMutation(
    (values: LoginForm) =>
      authApi.login({ username: values.username.trim(), password: values.password }, bot.token),
    {
      successMessage: false,
      onSuccess: (user) => completeLogin(user),
    },
  );

  const submit = (values: LoginForm) => {
    if (!bot.ready) {
      feedback.message?.info(t('auth.turnstileWait'));
      return;
    }
    // A bot-check token is good for one try: a failed login needs a fresh one.
    login.mutate(values, { onError: bot.renew });
  };

  const credentialsRule = [{ required: true, message: t('auth.enterCredentials') }];

  return (
    <AuthCard title={t('auth.loginTitle')}>
      {searchParams.get('expired') === 'true' && (
        <Alert type="warning" showIcon title={t('error.expired')} style={{ marginBottom: 16 }} />
      )}
      <Form<LoginForm> name="login" size="large" onFinish={submit} autoComplete="on">
        <Form.Item name="username" rules={credentialsRule}>
          <Input
            prefix={<UserOutlined />}
            placeholder={t('auth.usernameOrEmail')}
            autoComplete="username"
            aria-label={t('auth.usernameOrEmail')}
          />
        </Form.Item>
        <Form.Item name="password" rules={credentialsRule}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('auth.password')}
            autoComplete="current-password"
            aria-label={t('auth.password')}
          />
        </Form.Item>
        {bot.widget}
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('auth.loginButton')}
        </Button>
      </Form>
      <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
        {canRegister(status) ? (
          <Typography.Text>
            {t('auth.noAccount')} <Link to="/register">{t('auth.registerLink')}</Link>
          </Typography.Text>
        ) : (
          <span />
        )}
        <Typography.Text>
          {t('auth.forgotPassword')} <Link to="/reset">{t('auth.resetLink')}</Link>
        </Typography.Text>
      </Flex>
      <ThirdPartyLogins status={status} />
    </AuthCard>
  );
}

import { Button, Form, Input, Result, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmailCodeFields } from '../../components/EmailCodeFields.tsx';
import { feedback } from '../../api/feedback.ts';
import { PasswordFields } from '../../components/PasswordFields.tsx';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { StorageKey, readText, writeText } from '../../lib/storage.ts';
import { useStatus } from '../../status/status.ts';
import { AuthCard } from './AuthCard.tsx';
import { authApi } from './auth-api.ts';
import { useBotCheck } from './BotCheck.tsx';
import { usernameRules } from './form-rules.ts';
import { pickInviteCode } from './invite-code.ts';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

interface RegisterForm {
  username: string;
  password: string;
  password2: string;
  email?: string;
  verification_code?: string;
}

/** The invite code from ?aff=, kept locally so it survives a detour (spec §2.3). */
function useInviteCode(): string {
  const [searchParams] = useSearchParams();
  const fromLink = searchParams.get('aff');
  const [code] = useState(() => pickInviteCode(fromLink, readText(StorageKey.affCode)));
  useEffect(() => {
    if (fromLink?.trim()) writeText(StorageKey.affCode, fromLink.trim());
  }, [fromLink]);
  return code;
}

/** /register (spec §2.3). */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useStatus();
  const bot = useBotCheck();
  const inviteCode = useInviteCode();
  const [form] = Form.useForm<RegisterForm>();
  const emailVerification = !!status?.email_verification;

  const register = useApiMutation(
    (values: RegisterForm) =>
      authApi.register(
        {
          username: values.username.trim(),
          password: values.password,
          password2: values.password2,
          ...(emailVerification
            ? { email: values.email?.trim(), verification_code: values.verification_code?.trim() }
            : {}),
          ...(inviteCode ? { aff_code: inviteCode } : {}),
        },
        bot.token,
      ),
    { successMessage: t('auth.registerSuccess'), onSuccess: () => navigate('/login') },
  );

  const sendCode = useApiMutation((email: string) => authApi.sendVerification(email, bot.token), {
    successMessage: t('auth.codeSent'),
  });
  const sendCodeTo = (email: string, lock: () => void) => {
    if (!bot.ready) {
      feedback.message?.info(t('auth.turnstileWait'));
      return;
    }
    // The token is spent on this call; the registration itself needs a fresh one.
    sendCode.mutate(email, { onSuccess: lock, onSettled: bot.renew });
  };

  const submit = (values: RegisterForm) => {
    if (!bot.ready) {
      feedback.message?.info(t('auth.turnstileWait'));
      return;
    }
    register.mutate(values, { onError: bot.renew });
  };

  const closedReason =
    status?.register_enabled === false
      ? t('auth.registerDisabled')
      : status?.password_register_enabled === false
        ? t('auth.passwordRegisterDisabled')
        : null;
  if (closedReason) {
    return (
      <Result
        status="warning"
        title={closedReason}
        extra={
          <Link to="/login">
            <Button type="primary">{t('auth.backToLogin')}</Button>
          </Link>
        }
      />
    );
  }

  return (
    <AuthCard
      title={t('auth.registerTitle')}
      footer={
        <Typography.Text>
          {t('auth.haveAccount')} <Link to="/login">{t('auth.loginLink')}</Link>
        </Typography.Text>
      }
    >
      <Form<RegisterForm> form={form} name="register" layout="vertical" onFinish={submit}>
        <Form.Item name="username" label={t('auth.username')} rules={usernameRules(t)}>
          <Input autoComplete="username" />
        </Form.Item>
        <PasswordFields label={t('auth.password')} confirmLabel={t('auth.confirmPassword')} />
        {emailVerification && (
          <EmailCodeFields codeName="verification_code" sending={sendCode.isPending} onSend={sendCodeTo} />
        )}
        {inviteCode && (
          <Typography.Paragraph type="secondary">
            {t('auth.inviteCode', { code: inviteCode })}
          </Typography.Paragraph>
        )}
        {bot.widget}
        <Button type="primary" htmlType="submit" block loading={register.isPending}>
          {t('auth.registerButton')}
        </Button>
      </Form>
    </AuthCard>
  );
}

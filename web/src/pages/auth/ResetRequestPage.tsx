import { MailOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { emailRules } from '../../components/account-rules.ts';
import { withCountdown } from '../../components/countdown.ts';
import { feedback } from '../../api/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { useCountdown } from '../../components/use-countdown.ts';
import { AuthCard } from './AuthCard.tsx';
import { authApi } from './auth-api.ts';
import { useBotCheck } from './BotCheck.tsx';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

/** /reset: asks for the reset e-mail; the button is locked for 30 seconds after each submit. */
export function ResetRequestPage() {
  const { t } = useTranslation();
  const bot = useBotCheck();
  const countdown = useCountdown();
  const send = useApiMutation((email: string) => authApi.requestReset(email, bot.token), {
    successMessage: t('auth.resetSent'),
  });

  const submit = ({ email }: { email: string }) => {
    if (!bot.ready) {
      feedback.message?.info(t('auth.turnstileWait'));
      return;
    }
    countdown.start();
    send.mutate(email.trim(), { onSettled: bot.renew });
  };

  return (
    <AuthCard title={t('auth.resetTitle')} footer={<Link to="/login">{t('auth.backToLogin')}</Link>}>
      <Form<{ email: string }> name="reset" size="large" onFinish={submit}>
        <Form.Item name="email" rules={emailRules(t)}>
          <Input
            prefix={<MailOutlined />}
            type="email"
            autoComplete="email"
            placeholder={t('auth.email')}
            aria-label={t('auth.email')}
          />
        </Form.Item>
        {bot.widget}
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={send.isPending}
          disabled={countdown.remaining > 0}
        >
          {withCountdown(
            countdown.remaining > 0 ? t('auth.resetRetry') : t('auth.resetSubmit'),
            countdown.remaining,
          )}
        </Button>
      </Form>
    </AuthCard>
  );
}

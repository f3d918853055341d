import { Button, Form, Input, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../components/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { authApi } from './auth-api.ts';
import type { useBotCheck } from './BotCheck.tsx';
import { withCountdown } from './countdown.ts';
import { emailRules } from './form-rules.ts';
import { useCountdown } from './use-countdown.ts';

/**
 * E-mail and verification code for registration when e-mail verification is on (spec §2.3):
 * the send button waits 30 seconds after each send.
 */
export function EmailCodeFields({ form, bot }: { form: FormInstance; bot: ReturnType<typeof useBotCheck> }) {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const send = useApiMutation((email: string) => authApi.sendVerification(email, bot.token), {
    successMessage: t('auth.codeSent'),
    onSuccess: countdown.start,
  });

  const sendCode = async () => {
    const { email } = (await form.validateFields(['email'])) as { email: string };
    if (!bot.ready) {
      feedback.message?.info(t('auth.turnstileWait'));
      return;
    }
    // The token is spent on this call; the registration itself needs a fresh one.
    send.mutate(email.trim(), { onSettled: bot.renew });
  };

  return (
    <>
      <Form.Item name="email" label={t('auth.email')} rules={emailRules(t)}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label={t('auth.verificationCode')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="verification_code"
            noStyle
            rules={[{ required: true, whitespace: true, message: t('auth.codeRequired') }]}
          >
            <Input autoComplete="one-time-code" aria-label={t('auth.verificationCode')} />
          </Form.Item>
          <Button
            onClick={() => void sendCode().catch(() => undefined)}
            loading={send.isPending}
            disabled={countdown.remaining > 0}
          >
            {withCountdown(t('auth.sendCode'), countdown.remaining)}
          </Button>
        </Space.Compact>
      </Form.Item>
    </>
  );
}

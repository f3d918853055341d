import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailRules } from './account-rules.ts';
import { withCountdown } from './countdown.ts';
import { useCountdown } from './use-countdown.ts';

/**
 * An e-mail address and a verification code with a send button that stays locked for
 * 30 seconds (spec §4). `onSend` gets the checked, trimmed address and `lock`, which it
 * calls when the wait should start.
 */
export function EmailCodeFields({
  codeName,
  sending,
  onSend,
}: {
  /** Form field holding the code, e.g. `verification_code`. */
  codeName: string;
  sending: boolean;
  onSend: (email: string, lock: () => void) => void;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const countdown = useCountdown();

  const sendCode = async () => {
    const { email } = (await form.validateFields(['email'])) as { email: string };
    onSend(email.trim(), countdown.start);
  };

  return (
    <>
      <Form.Item name="email" label={t('emailCode.email')} rules={emailRules(t)}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item label={t('emailCode.code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name={codeName}
            noStyle
            rules={[{ required: true, whitespace: true, message: t('emailCode.codeRequired') }]}
          >
            <Input autoComplete="one-time-code" aria-label={t('emailCode.code')} />
          </Form.Item>
          <Button
            onClick={() => void sendCode().catch(() => undefined)}
            loading={sending}
            disabled={countdown.remaining > 0}
          >
            {withCountdown(t('emailCode.sendCode'), countdown.remaining)}
          </Button>
        </Space.Compact>
      </Form.Item>
    </>
  );
}

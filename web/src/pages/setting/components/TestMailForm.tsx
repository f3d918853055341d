import { Alert, Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client.ts';

type Outcome = { ok: true; to: string } | { ok: false; message: string };

/**
 * Root's "send a test mail" of the SMTP card: sends one with the saved settings to the given
 * address (or root's own) and shows what the SMTP server said.
 */
export function TestMailForm() {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const send = async () => {
    setSending(true);
    setOutcome(null);
    try {
      const sentTo = await api.post<string>('/api/option/test_smtp', { to: to.trim() });
      setOutcome({ ok: true, to: sentTo });
    } catch (error) {
      setOutcome({ ok: false, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }}>
      <Space.Compact style={{ maxWidth: 480, width: '100%' }}>
        <Input
          id="setting_smtp_test_to"
          placeholder={t('setting.testMail.placeholder')}
          value={to}
          onChange={(event) => setTo(event.target.value)}
        />
        <Button onClick={() => void send()} loading={sending}>
          {t('setting.testMail.send')}
        </Button>
      </Space.Compact>
      {outcome && (
        <Alert
          type={outcome.ok ? 'success' : 'error'}
          showIcon
          title={outcome.ok ? t('setting.testMail.sent', { to: outcome.to }) : outcome.message}
        />
      )}
    </Space>
  );
}

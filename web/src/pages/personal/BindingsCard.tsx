import type { UserView } from '@relaygate/contract';
import { Button, Card, Divider, Flex, Tooltip, Typography } from 'antd';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailBindModal } from './EmailBindModal.tsx';

/** Third-party accounts: their bind buttons arrive with third-party sign-in. */
const THIRD_PARTY = [
  { field: 'github_id', label: 'personal.bindings.github' },
  { field: 'wechat_id', label: 'personal.bindings.wechat' },
  { field: 'telegram_id', label: 'personal.bindings.telegram' },
  { field: 'linux_do_id', label: 'personal.bindings.linuxdo' },
] as const;

function BindingRow({ title, value, action }: { title: string; value: ReactNode; action: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap={12}>
      <Flex vertical>
        <Typography.Text strong>{title}</Typography.Text>
        {value}
      </Flex>
      {action}
    </Flex>
  );
}

/** What is bound to the account; e-mail can be (re)bound here. */
export function BindingsCard({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const [bindingEmail, setBindingEmail] = useState(false);
  const value = (text: string) =>
    text ? (
      <Typography.Text copyable>{text}</Typography.Text>
    ) : (
      <Typography.Text type="secondary">{t('personal.bindings.notBound')}</Typography.Text>
    );
  const bindLabel = (bound: string) => (bound ? t('personal.bindings.change') : t('personal.bindings.bind'));

  return (
    <Card title={t('personal.bindings.title')}>
      <BindingRow
        title={t('personal.bindings.email')}
        value={value(user.email)}
        action={<Button onClick={() => setBindingEmail(true)}>{bindLabel(user.email)}</Button>}
      />
      {THIRD_PARTY.map(({ field, label }) => (
        <Fragment key={field}>
          <Divider size="small" />
          <BindingRow
            title={t(label)}
            value={value(user[field])}
            action={
              <Tooltip title={t('personal.bindings.comingWithSignIn')}>
                <Button disabled>{bindLabel(user[field])}</Button>
              </Tooltip>
            }
          />
        </Fragment>
      ))}
      <EmailBindModal open={bindingEmail} current={user.email} onClose={() => setBindingEmail(false)} />
    </Card>
  );
}

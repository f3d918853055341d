import { Empty, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal.tsx';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { bindWeChat } from './personal-api.ts';
import { SELF_KEY } from '../../api/self.ts';

/** Binds WeChat: scan the site's official account, send it a message, type the code it answers. */
export function WeChatBindModal({
  open,
  qrCode,
  onClose,
}: {
  open: boolean;
  qrCode: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const bind = useApiMutation(bindWeChat, {
    invalidate: [SELF_KEY],
    successMessage: t('personal.bindings.wechatBound'),
    onSuccess: onClose,
  });

  return (
    <FormModal
      title={t('personal.bindings.wechatTitle')}
      open={open}
      onCancel={onClose}
      okText={t('personal.bindings.bind')}
      loading={bind.isPending}
      form={form}
      name="bindWeChat"
      initialValues={{ code: '' }}
      onFinish={({ code }) => bind.mutate(code.trim())}
      intro={
        <Flex vertical align="center" gap={12} style={{ marginBottom: 16 }}>
          {qrCode ? (
            <img src={qrCode} alt={t('personal.bindings.wechat')} style={{ maxWidth: 200, width: '100%' }} />
          ) : (
            <Empty description={t('personal.bindings.wechatNoQr')} />
          )}
          <Typography.Text type="secondary">{t('personal.bindings.wechatHint')}</Typography.Text>
        </Flex>
      }
    >
      <Form.Item
        name="code"
        label={t('personal.bindings.wechatCode')}
        rules={[{ required: true, whitespace: true, message: t('personal.bindings.wechatCodeRequired') }]}
      >
        <Input autoComplete="one-time-code" />
      </Form.Item>
    </FormModal>
  );
}

import type { TokenView } from '@relaygate/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { checkRule } from '../../components/check-rule.ts';
import { GroupLabel } from '../../components/GroupLabel.tsx';
import { SideDrawer } from '../../components/DrawerActions.tsx';
import { showSuccess } from '../../api/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { amountPrefix, formatQuota, quotaToInput } from '../../lib/quota.ts';
import { DATE_TIME_FORMAT } from '../../lib/time.ts';
import { useQuotaDisplay } from '../../status/status.ts';
import {
  TOKENS_QUERY_KEY,
  USER_MODELS_QUERY_KEY,
  createTokens,
  fetchUserGroups,
  fetchUserModels,
  updateToken,
  type GroupInfo,
} from './token-api.ts';
import { CapNote } from './CapNote.tsx';
import { TokenLimitFields } from './TokenLimitFields.tsx';
import { formCap } from './token-cap.ts';
import { EXPIRY_PRESETS, expiryFromPreset, expiryToSeconds } from './token-expiry.ts';
import {
  COUNT_PRESETS,
  QUOTA_PRESETS,
  emptyTokenForm,
  formToPayload,
  isValidCount,
  isValidQuota,
  tokenToForm,
  type TokenFormValues,
} from './token-form.ts';

const PRESET_LABELS = {
  never: 'token.form.presetNever',
  hour: 'token.form.presetHour',
  day: 'token.form.presetDay',
  month: 'token.form.presetMonth',
} as const;

/** The user's groups, each with its ratio in the spec colour. */
function groupOptions(groups: Record<string, GroupInfo> | undefined, defaultLabel: string) {
  return [
    { value: '', label: defaultLabel },
    ...Object.entries(groups ?? {}).map(([key, info]) => ({
      value: key,
      label: <GroupLabel name={key} description={info.desc} ratio={info.ratio} />,
    })),
  ];
}

/** Create (token undefined) or edit a token in a side drawer; `onCreated` gets the new tokens. */
export function TokenDrawer({
  open,
  token,
  onClose,
  onCreated,
}: {
  open: boolean;
  token?: TokenView;
  onClose: () => void;
  onCreated: (tokens: TokenView[]) => void;
}) {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const [form] = Form.useForm<TokenFormValues>();
  const unlimited = Form.useWatch('unlimited_quota', form);
  const limitModels = Form.useWatch('model_limits_enabled', form);
  const quotaInput = Form.useWatch('remain_quota', form);
  const editing = token !== undefined;

  const groups = useQuery({ queryKey: ['user', 'self', 'groups'], queryFn: fetchUserGroups, enabled: open });
  const models = useQuery({ queryKey: USER_MODELS_QUERY_KEY, queryFn: fetchUserModels, enabled: open });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(token ? tokenToForm(token, display) : emptyTokenForm(display));
    // Reset only when the drawer opens for a token, not on every status refresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, token, form]);

  const save = useApiMutation(
    (values: TokenFormValues) => {
      const payload = formToPayload(values, display, token?.id);
      return editing ? updateToken(payload).then(() => []) : createTokens(payload);
    },
    {
      invalidate: [TOKENS_QUERY_KEY],
      successMessage: false,
      onSuccess: (created) => {
        showSuccess(editing ? t('token.form.updated') : t('token.form.created', { count: created.length }));
        onClose();
        if (!editing) onCreated(created);
      },
    },
  );

  /** Field errors are shown under the fields by the form; only valid values reach the server. */
  const submit = () =>
    form.validateFields().then(
      (values) => save.mutate({ ...form.getFieldsValue(true), ...values }),
      () => undefined,
    );

  return (
    <SideDrawer
      open={open}
      title={editing ? t('token.form.editTitle') : t('token.form.createTitle')}
      onClose={onClose}
      forceRender
      submit={{ loading: save.isPending, onClick: () => void submit(), 'data-testid': 'token-submit' }}
    >
      <Form form={form} name="token" layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="name"
          label={t('token.form.name')}
          rules={[{ required: !editing, whitespace: true, message: t('token.form.nameRequired') }]}
        >
          <Input placeholder={t('token.form.namePlaceholder')} maxLength={50} allowClear />
        </Form.Item>
        <Form.Item name="group" label={t('token.form.group')}>
          <Select
            loading={groups.isLoading}
            options={groupOptions(groups.data, t('token.form.groupDefault'))}
          />
        </Form.Item>
        <Form.Item label={t('token.form.expiredTime')} required={false}>
          <Form.Item
            name="expired_time"
            noStyle
            rules={[
              checkRule(
                (value) => expiryToSeconds(value as Parameters<typeof expiryToSeconds>[0]) !== null,
                t('token.form.expiryInvalid'),
              ),
            ]}
          >
            <DatePicker
              showTime
              format={DATE_TIME_FORMAT}
              placeholder={t('token.form.expiryPlaceholder')}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Space wrap style={{ marginTop: 8 }}>
            {EXPIRY_PRESETS.map((preset) => (
              <Button
                key={preset.key}
                size="small"
                onClick={() => form.setFieldsValue({ expired_time: expiryFromPreset(preset.key) })}
              >
                {t(PRESET_LABELS[preset.key])}
              </Button>
            ))}
          </Space>
        </Form.Item>
        <Form.Item label={t('token.form.remainQuota')} extra={t('token.form.unlimitedHint')}>
          <Form.Item
            name="remain_quota"
            noStyle
            rules={[checkRule((value) => !!unlimited || isValidQuota(value), t('token.form.quotaInvalid'))]}
          >
            <InputNumber
              min={0}
              disabled={!!unlimited}
              style={{ width: '100%' }}
              prefix={amountPrefix(display)}
            />
          </Form.Item>
          <Space wrap style={{ marginTop: 8 }}>
            {QUOTA_PRESETS.map((quota) => (
              <Button
                key={quota}
                size="small"
                disabled={!!unlimited}
                onClick={() => form.setFieldsValue({ remain_quota: quotaToInput(quota, display) })}
              >
                {formatQuota(quota, display)}
              </Button>
            ))}
          </Space>
          <CapNote cap={formCap({ unlimited_quota: unlimited, remain_quota: quotaInput }, display)} />
        </Form.Item>
        <Form.Item name="unlimited_quota" label={t('token.form.unlimitedQuota')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {!editing && (
          <Form.Item label={t('token.form.count')} extra={t('token.form.countHint')}>
            <Form.Item name="count" noStyle rules={[checkRule(isValidCount, t('token.form.countInvalid'))]}>
              <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Space wrap style={{ marginTop: 8 }}>
              {COUNT_PRESETS.map((count) => (
                <Button key={count} size="small" onClick={() => form.setFieldsValue({ count })}>
                  {count}
                </Button>
              ))}
            </Space>
          </Form.Item>
        )}
        <Form.Item
          name="model_limits_enabled"
          label={t('token.form.modelLimitsEnabled')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item name="model_limits" label={t('token.form.modelLimits')}>
          <Select
            mode="multiple"
            allowClear
            disabled={!limitModels}
            loading={models.isLoading}
            placeholder={t('token.form.modelLimitsPlaceholder')}
            options={(models.data ?? []).map((model) => ({ value: model, label: model }))}
          />
        </Form.Item>
        <Form.Item name="allow_ips" label={t('token.form.allowIps')}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 8 }}
            placeholder={t('token.form.allowIpsPlaceholder')}
          />
        </Form.Item>
        <TokenLimitFields />
      </Form>
    </SideDrawer>
  );
}

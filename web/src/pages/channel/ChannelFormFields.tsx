import { ChannelType, type ChannelTypeOption } from '@relaygate/contract';
import { Alert, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChannelTypes, useGroupNames } from './channel-api.ts';
import type { ChannelFormValues } from './channel-form-values.ts';
import { MIN_PRIORITY, MIN_WEIGHT, typeOptions } from './channel-form.ts';
import { keyMatchesFormat } from './key-format.ts';
import { ModelsField } from './ModelsField.tsx';

const json = { autoSize: { minRows: 2, maxRows: 8 } } as const;

/** The fields of the channel drawer (Form name "channel"), as the selected type's catalogue entry asks for them. */
export function ChannelFormFields({ creating, channelId }: { creating: boolean; channelId?: number }) {
  const { t } = useTranslation();
  const types = useChannelTypes();
  const groups = useGroupNames();
  const type = Form.useWatch<ChannelFormValues['type']>('type') ?? ChannelType.OpenAI;
  const batch = Form.useWatch<boolean>('batch');
  const info = types?.find((option) => option.id === type);
  const [chosenFormat, setChosenFormat] = useState({ type, index: 0 });
  const formatIndex = chosenFormat.type === type ? chosenFormat.index : 0;
  const keyFormat = info?.key_formats[formatIndex] ?? info?.key_formats[0];
  const keyRows = keyFormat?.multiline ? 4 : batch ? 3 : 1;

  return (
    <>
      <Form.Item name="type" label={t('channel.field.type')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={typeOptions(types, type, (id) => t('channel.type.unknown', { id }))}
        />
      </Form.Item>
      {info && !info.served ? (
        <Alert type="warning" showIcon title={t('channel.hint.notServed')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item name="name" label={t('common.name')} required={creating}>
        <Input allowClear placeholder={t('channel.placeholder.name')} />
      </Form.Item>
      {info && info.key_formats.length > 1 ? (
        <Form.Item label={t('channel.field.keyFormat')}>
          <Select
            aria-label={t('channel.field.keyFormat')}
            value={formatIndex}
            onChange={(index) => setChosenFormat({ type, index })}
            options={info.key_formats.map((format, index) => ({ value: index, label: format.label }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item
        name="key"
        label={t('channel.field.key')}
        required={creating}
        extra={keyExtra(t, creating, batch, keyFormat?.pattern ? keyFormat.hint : undefined)}
        rules={[
          {
            validator: (_, value: string | undefined) =>
              keyMatchesFormat(value ?? '', keyFormat)
                ? Promise.resolve()
                : Promise.reject(new Error(t('channel.error.keyFormat', { hint: keyFormat?.hint }))),
          },
        ]}
      >
        <Input.TextArea
          autoSize={{ minRows: keyRows, maxRows: 10 }}
          placeholder={
            creating ? (keyFormat?.example ?? t('channel.placeholder.key')) : t('channel.placeholder.keepKey')
          }
        />
      </Form.Item>
      {creating ? (
        <Form.Item name="batch" label={t('channel.field.batch')} valuePropName="checked">
          <Switch />
        </Form.Item>
      ) : null}
      <Form.Item
        name="base_url"
        label={t('channel.field.baseUrl')}
        required={info?.base_url_required}
        extra={baseUrlExtra(t, info)}
      >
        <Input allowClear placeholder={info?.default_base_url || t('channel.placeholder.baseUrl')} />
      </Form.Item>
      {info?.other ? (
        <Form.Item
          name="other"
          label={info.other.label}
          required={info.other.required}
          extra={info.other.hint || undefined}
          rules={[
            {
              required: info.other.required,
              whitespace: true,
              message: t('channel.error.otherRequired', { label: info.other.label }),
            },
          ]}
        >
          <Input allowClear placeholder={info.other.placeholder} />
        </Form.Item>
      ) : null}
      {info?.organization ? (
        <Form.Item name="openai_organization" label={t('channel.field.organization')}>
          <Input allowClear />
        </Form.Item>
      ) : null}
      <ModelsField channelId={channelId} />
      <Form.Item name="groups" label={t('channel.field.groups')}>
        <Select mode="multiple" allowClear options={(groups ?? []).map((g) => ({ value: g, label: g }))} />
      </Form.Item>
      <Form.Item name="model_mapping" label={t('channel.field.modelMapping')}>
        <Input.TextArea {...json} placeholder={t('channel.placeholder.modelMapping')} />
      </Form.Item>
      <Form.Item name="status_code_mapping" label={t('channel.field.statusCodeMapping')}>
        <Input.TextArea {...json} placeholder={t('channel.placeholder.statusCodeMapping')} />
      </Form.Item>
      <Form.Item name="test_model" label={t('channel.field.testModel')}>
        <Input allowClear placeholder={t('channel.placeholder.testModel')} />
      </Form.Item>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item name="priority" label={t('channel.field.priority')}>
            <InputNumber precision={0} min={MIN_PRIORITY} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="weight" label={t('channel.field.weight')}>
            <InputNumber precision={0} min={MIN_WEIGHT} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="auto_ban" label={t('channel.field.autoBan')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="max_input_tokens"
        label={t('channel.field.maxInputTokens')}
        extra={t('channel.hint.zeroUnlimited')}
      >
        <InputNumber precision={0} min={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="concurrency_limit"
        label={t('channel.field.concurrencyLimit')}
        extra={t('channel.hint.concurrencyLimit')}
      >
        <InputNumber precision={0} min={0} max={1_000_000_000} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="tag" label={t('channel.field.tag')}>
        <Input allowClear />
      </Form.Item>
      <Form.Item name="remark" label={t('channel.field.remark')}>
        <Input allowClear />
      </Form.Item>
      <Form.Item name="setting" label={t('channel.field.setting')}>
        <Input.TextArea {...json} placeholder="{}" />
      </Form.Item>
    </>
  );
}

/** Under the key: how keys are given in batch mode, that an edit keeps the stored key, and the format expected. */
function keyExtra(t: TFunction, creating: boolean, batch: boolean, formatHint: string | undefined) {
  const lines = [
    creating ? (batch ? t('channel.hint.batchKeys') : undefined) : t('channel.hint.keepKey'),
    formatHint,
  ].filter((line) => line !== undefined && line !== '');
  return lines.length > 0 ? lines.join(' · ') : undefined;
}

/** Under the base URL: where calls go when it is left empty, and that a trailing slash goes. */
function baseUrlExtra(t: TFunction, info: ChannelTypeOption | undefined) {
  if (info?.default_base_url) return t('channel.hint.defaultBaseUrl', { url: info.default_base_url });
  return info?.base_url_note
    ? t('channel.hint.baseUrlNote', { note: info.base_url_note })
    : t('channel.hint.baseUrl');
}

import { ChannelType } from '@relaygate/contract';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChannelTypes, useGroupNames } from './channel-api.ts';
import {
  MIN_PRIORITY,
  MIN_WEIGHT,
  XUNFEI_TYPE,
  typeOptions,
  type ChannelFormValues,
} from './channel-form.ts';
import { ModelsField } from './ModelsField.tsx';

const json = { autoSize: { minRows: 2, maxRows: 8 } } as const;

/** The `other` field means something per type: Azure's API version, Cloudflare's account, Spark's version, Coze's bot, or extra text. */
function otherLabelKey(type: number): string {
  if (type === ChannelType.Azure) return 'channel.field.apiVersion';
  if (type === ChannelType.Cloudflare) return 'channel.field.accountId';
  if (type === XUNFEI_TYPE) return 'channel.field.sparkVersion';
  if (type === ChannelType.Coze) return 'channel.field.botId';
  return 'channel.field.other';
}

/** The fields of the channel drawer (Form name "channel"). */
export function ChannelFormFields({ creating, channelId }: { creating: boolean; channelId?: number }) {
  const { t } = useTranslation();
  const types = useChannelTypes();
  const groups = useGroupNames();
  const type = Form.useWatch<ChannelFormValues['type']>('type') ?? ChannelType.OpenAI;
  const batch = Form.useWatch<boolean>('batch');

  return (
    <>
      <Form.Item name="type" label={t('channel.field.type')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={typeOptions(types, type, (id) => t('channel.type.unknown', { id }))}
        />
      </Form.Item>
      <Form.Item name="name" label={t('common.name')} required={creating}>
        <Input allowClear placeholder={t('channel.placeholder.name')} />
      </Form.Item>
      <Form.Item
        name="key"
        label={t('channel.field.key')}
        required={creating}
        extra={creating ? (batch ? t('channel.hint.batchKeys') : undefined) : t('channel.hint.keepKey')}
      >
        <Input.TextArea
          autoSize={{ minRows: batch ? 3 : 1, maxRows: 10 }}
          placeholder={creating ? t('channel.placeholder.key') : t('channel.placeholder.keepKey')}
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
        required={type === ChannelType.Azure}
        extra={t('channel.hint.baseUrl')}
      >
        <Input allowClear placeholder={t('channel.placeholder.baseUrl')} />
      </Form.Item>
      <Form.Item name="other" label={t(otherLabelKey(type))} required={type === ChannelType.Cloudflare}>
        <Input
          allowClear
          placeholder={type === XUNFEI_TYPE ? 'v2.1' : type === ChannelType.Azure ? '2024-02-01' : undefined}
        />
      </Form.Item>
      {type === ChannelType.OpenAI ? (
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

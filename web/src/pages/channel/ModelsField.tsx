import { Button, Form, Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../api/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { channelApi, useChannelTypes, useKnownModels } from './channel-api.ts';
import { addCustomModels, mergeModels, stripTrailingSlash } from './channel-form.ts';
import type { ChannelFormValues } from './channel-form-values.ts';

/**
 * The channel's models: a tag picker over every known model, filled with the type's related
 * models, fetched from the upstream, cleared, or extended with comma-separated custom names.
 */
export function ModelsField({ channelId }: { channelId?: number }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ChannelFormValues>();
  const known = useKnownModels();
  const types = useChannelTypes();
  const [custom, setCustom] = useState('');
  const current = (): string[] => form.getFieldValue('models') ?? [];
  const setModels = (models: string[]) => form.setFieldsValue({ models });

  const fetchModels = useApiMutation(
    async () => {
      const { key = '', base_url = '', type } = form.getFieldsValue(['key', 'base_url', 'type']);
      const firstKey =
        key
          .split(/\r?\n/)
          .find((line: string) => line.trim() !== '')
          ?.trim() ?? '';
      if (firstKey !== '')
        return channelApi.fetchModels({ base_url: stripTrailingSlash(base_url), type, key: firstKey });
      if (channelId !== undefined) return channelApi.fetchModelsOf(channelId);
      throw new Error(t('channel.error.fillKey'));
    },
    {
      successMessage: false,
      onSuccess: (fetched) => {
        setModels(mergeModels(current(), fetched));
        showSuccess(t('channel.models.fetched', { count: fetched.length }));
      },
    },
  );

  const fillRelated = () => {
    const type = form.getFieldValue('type');
    const owner = types?.find((option) => option.id === type)?.name;
    const related = (known.data ?? []).filter((model) => model.owned_by === owner).map((model) => model.id);
    if (related.length === 0) return showError(new Error(t('channel.models.noRelated')));
    setModels(mergeModels(current(), related));
  };

  const addCustom = () => {
    const { models, duplicates } = addCustomModels(current(), custom);
    setModels(models);
    setCustom('');
    if (duplicates.length > 0)
      showError(new Error(t('channel.error.duplicateModels', { names: duplicates.join(', ') })));
  };

  return (
    <Form.Item label={t('common.models')} required>
      <Form.Item name="models" noStyle>
        <Select
          mode="tags"
          allowClear
          tokenSeparators={[',']}
          placeholder={t('channel.placeholder.models')}
          loading={known.isLoading}
          options={(known.data ?? []).map((model) => ({ value: model.id, label: model.id }))}
          maxTagCount={40}
        />
      </Form.Item>
      {known.isError ? <Typography.Text type="danger">{t('channel.error.modelList')}</Typography.Text> : null}
      <Space wrap style={{ marginTop: 8 }}>
        <Button size="small" onClick={fillRelated}>
          {t('channel.models.fillRelated')}
        </Button>
        <Button
          size="small"
          onClick={() =>
            setModels(
              mergeModels(
                current(),
                (known.data ?? []).map((m) => m.id),
              ),
            )
          }
        >
          {t('channel.models.fillAll')}
        </Button>
        <Button size="small" loading={fetchModels.isPending} onClick={() => fetchModels.mutate(undefined)}>
          {t('channel.models.fetch')}
        </Button>
        <Button size="small" danger onClick={() => setModels([])}>
          {t('channel.models.clear')}
        </Button>
      </Space>
      <Space.Compact style={{ width: '100%', marginTop: 8 }}>
        <Input
          id="channel_custom_models"
          value={custom}
          placeholder={t('channel.placeholder.customModels')}
          onChange={(event) => setCustom(event.target.value)}
          onPressEnter={(event) => {
            event.preventDefault();
            addCustom();
          }}
        />
        <Button onClick={addCustom} disabled={custom.trim() === ''}>
          {t('channel.models.addCustom')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

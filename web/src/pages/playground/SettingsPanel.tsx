import { Alert, Button, Flex, Form, Input, InputNumber, Select, Slider, Typography } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useGroupDescription } from '../../components/GroupLabel.tsx';
import { systemPromptOf, TEMPERATURE, type PlaygroundSettings } from './chat-request.ts';
import type { GroupChoice } from './playground-api.ts';

interface Props {
  settings: PlaygroundSettings;
  update: (patch: Partial<PlaygroundSettings>) => void;
  groups: UseQueryResult<GroupChoice[]>;
  models: UseQueryResult<string[]>;
}

/** A list that failed to load says so, with a retry. */
function LoadFailed({ text, query }: { text: string; query: UseQueryResult<unknown> }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={text}
      style={{ marginTop: 8 }}
      action={
        <Button size="small" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('playground.retry')}
        </Button>
      }
    />
  );
}

/** The left panel (spec 001 §2): group, searchable model, temperature, max tokens and system prompt. */
export function SettingsPanel({ settings, update, groups, models }: Props) {
  const { t } = useTranslation();
  const describeGroup = useGroupDescription();
  const modelOffered = !models.data || settings.model === '' || models.data.includes(settings.model);
  return (
    <Form layout="vertical" component="div" data-testid="playground-settings">
      <Form.Item label={t('playground.group')} htmlFor="playground-group" required>
        <Select
          id="playground-group"
          value={settings.group || undefined}
          placeholder={t('playground.groupPlaceholder')}
          loading={groups.isLoading}
          status={groups.isError ? 'error' : undefined}
          onChange={(group: string) => update({ group })}
          options={(groups.data ?? []).map((group) => ({
            value: group.name,
            label: (
              <Flex justify="space-between" gap={8}>
                <Typography.Text ellipsis>{describeGroup(group.desc)}</Typography.Text>
                <Typography.Text type="secondary">
                  {t('playground.groupRatio', { ratio: group.ratio })}
                </Typography.Text>
              </Flex>
            ),
          }))}
        />
        {groups.isError && <LoadFailed text={t('playground.groupsFailed')} query={groups} />}
      </Form.Item>
      <Form.Item
        label={t('playground.model')}
        htmlFor="playground-model"
        required
        extra={
          modelOffered ? undefined : (
            <Typography.Text type="warning">{t('playground.modelNotOffered')}</Typography.Text>
          )
        }
      >
        <Select
          id="playground-model"
          showSearch
          allowClear
          value={settings.model || undefined}
          placeholder={t('playground.modelPlaceholder')}
          loading={models.isLoading}
          status={models.isError ? 'error' : modelOffered ? undefined : 'warning'}
          onChange={(model?: string) => update({ model: model ?? '' })}
          options={(models.data ?? []).map((model) => ({ value: model, label: model }))}
        />
        {models.isError && <LoadFailed text={t('playground.modelsFailed')} query={models} />}
      </Form.Item>
      <Form.Item
        label={
          <Flex gap={8}>
            <span>{t('playground.temperature')}</span>
            <Typography.Text type="secondary" data-testid="playground-temperature-value">
              {settings.temperature}
            </Typography.Text>
          </Flex>
        }
        htmlFor="playground-temperature"
      >
        <Slider
          id="playground-temperature"
          min={TEMPERATURE.min}
          max={TEMPERATURE.max}
          step={TEMPERATURE.step}
          value={Math.max(settings.temperature, TEMPERATURE.min)}
          onChange={(temperature: number) => update({ temperature: Math.round(temperature * 10) / 10 })}
        />
      </Form.Item>
      <Form.Item
        label={t('playground.maxTokens')}
        htmlFor="playground-max-tokens"
        extra={t('playground.maxTokensHint')}
      >
        <InputNumber
          id="playground-max-tokens"
          min={0}
          precision={0}
          step={1}
          style={{ width: '100%' }}
          value={settings.max_tokens}
          onChange={(value) =>
            update({ max_tokens: typeof value === 'number' ? Math.max(0, Math.trunc(value)) : 0 })
          }
        />
      </Form.Item>
      <Form.Item
        label={t('playground.systemPrompt')}
        htmlFor="playground-system-prompt"
        style={{ marginBottom: 0 }}
      >
        <Input.TextArea
          id="playground-system-prompt"
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder={t('playground.systemPromptPlaceholder')}
          value={systemPromptOf(settings, t('playground.defaultSystemPrompt'))}
          onChange={(event) => update({ system_prompt: event.target.value })}
        />
      </Form.Item>
    </Form>
  );
}

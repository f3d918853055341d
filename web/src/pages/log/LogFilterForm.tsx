import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkRule } from '../../components/check-rule.ts';
import { DateRangeInput } from '../../components/DateRangeInput.tsx';
import { FilterForm } from '../../components/FilterForm.tsx';
import { SearchActions } from '../../components/SearchActions.tsx';
import { defaultLogFilter, isValidChannel, type LogFilterValues } from './log-filter.ts';
import { LOG_TYPES } from './log-format.ts';

/** The log filters; admins also filter by channel and username. Search hands the values up. */
export function LogFilterForm({
  admin,
  initialValues,
  loading,
  onSearch,
}: {
  admin: boolean;
  initialValues: LogFilterValues;
  loading: boolean;
  onSearch: (values: LogFilterValues) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LogFilterValues>();
  const typeOptions = [
    { value: 0, label: t('log.filter.allTypes') },
    ...LOG_TYPES.map((type) => ({ value: type.value, label: t(`log.type.${type.label}`) })),
  ];

  return (
    <FilterForm<LogFilterValues>
      form={form}
      name="logFilter"
      initialValues={initialValues}
      onFinish={(values) => onSearch({ ...initialValues, ...values })}
    >
      <Form.Item name="type" label={t('log.filter.type')}>
        <Select options={typeOptions} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="token_name" label={t('log.filter.tokenName')}>
        <Input allowClear placeholder={t('log.filter.tokenName')} />
      </Form.Item>
      <Form.Item name="model_name" label={t('log.filter.modelName')}>
        <Input allowClear placeholder={t('log.filter.modelName')} />
      </Form.Item>
      <Form.Item name="time" label={t('log.filter.time')}>
        <DateRangeInput placeholder={[t('log.filter.startTime'), t('log.filter.endTime')]} />
      </Form.Item>
      <Form.Item name="group" label={t('log.filter.group')}>
        <Input allowClear placeholder={t('log.filter.group')} />
      </Form.Item>
      {admin && (
        <>
          <Form.Item
            name="channel"
            label={t('log.filter.channel')}
            rules={[checkRule(isValidChannel, t('log.filter.channelInvalid'))]}
          >
            <Input allowClear placeholder={t('log.filter.channel')} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="username" label={t('log.filter.username')}>
            <Input allowClear placeholder={t('log.filter.username')} />
          </Form.Item>
        </>
      )}
      <SearchActions
        loading={loading}
        onReset={() => {
          const fresh = defaultLogFilter();
          form.setFieldsValue(fresh);
          onSearch(fresh);
        }}
      />
    </FilterForm>
  );
}

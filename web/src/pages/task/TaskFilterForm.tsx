import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangeInput } from '../../components/DateRangeInput.tsx';
import { FilterForm } from '../../components/FilterForm.tsx';
import { SearchActions } from '../../components/SearchActions.tsx';
import { defaultTaskFilter, type TaskFilterValues } from './task-rules.ts';

/** Channel (admins), task id and time range; search hands the values up. */
export function TaskFilterForm({
  admin,
  idLabel,
  initialValues,
  loading,
  onSearch,
}: {
  admin: boolean;
  idLabel: string;
  initialValues: TaskFilterValues;
  loading: boolean;
  onSearch: (values: TaskFilterValues) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TaskFilterValues>();
  return (
    <FilterForm<TaskFilterValues>
      form={form}
      name="taskFilter"
      initialValues={initialValues}
      onFinish={(values) => onSearch({ ...initialValues, ...values })}
    >
      {admin && (
        <Form.Item
          name="channel_id"
          label={t('task.filter.channel')}
          rules={[{ pattern: /^\s*\d*\s*$/, message: t('task.filter.channelInvalid') }]}
        >
          <Input allowClear style={{ width: 120 }} />
        </Form.Item>
      )}
      <Form.Item name="task_id" label={idLabel}>
        <Input allowClear />
      </Form.Item>
      <Form.Item name="time" label={t('task.filter.time')}>
        <DateRangeInput placeholder={[t('task.filter.startTime'), t('task.filter.endTime')]} />
      </Form.Item>
      <SearchActions
        loading={loading}
        onReset={() => {
          const fresh = defaultTaskFilter();
          form.setFieldsValue(fresh);
          onSearch(fresh);
        }}
      />
    </FilterForm>
  );
}

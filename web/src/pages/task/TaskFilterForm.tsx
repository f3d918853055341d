import { DatePicker, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchActions } from '../../components/SearchActions.tsx';
import { DATE_TIME_FORMAT } from '../../lib/time.ts';
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
    <Form
      form={form}
      name="taskFilter"
      layout="inline"
      initialValues={initialValues}
      onFinish={(values) => onSearch({ ...initialValues, ...values })}
      style={{ rowGap: 8 }}
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
        <DatePicker.RangePicker
          showTime
          format={DATE_TIME_FORMAT}
          placeholder={[t('task.filter.startTime'), t('task.filter.endTime')]}
          style={{ maxWidth: '100%' }}
        />
      </Form.Item>
      <SearchActions
        loading={loading}
        onReset={() => {
          const fresh = defaultTaskFilter();
          form.setFieldsValue(fresh);
          onSearch(fresh);
        }}
      />
    </Form>
  );
}

import { Form } from 'antd';
import type { ReactNode } from 'react';
import { FilterForm } from './FilterForm.tsx';
import { SearchActions } from './SearchActions.tsx';

/**
 * An inline filter form with Search and Reset: Search hands the values to `onSearch`, Reset clears
 * the fields and hands over the initial values.
 */
export function SearchForm<T extends object>({
  name,
  initialValues,
  onSearch,
  children,
}: {
  name: string;
  initialValues: T;
  onSearch: (values: T) => void;
  children: ReactNode;
}) {
  const [form] = Form.useForm<T>();
  return (
    <FilterForm<T>
      form={form}
      name={name}
      initialValues={initialValues}
      onFinish={(values) => onSearch({ ...initialValues, ...values })}
      style={{ marginBottom: 16 }}
    >
      {children}
      <SearchActions
        onReset={() => {
          form.resetFields();
          onSearch(initialValues);
        }}
      />
    </FilterForm>
  );
}

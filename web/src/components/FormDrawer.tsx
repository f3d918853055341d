import { Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { SideDrawer } from './DrawerActions.tsx';

/**
 * A side drawer around a vertical form, with Cancel and Submit in its footer. Submit validates
 * first (errors show under the fields) and hands every value, including unmounted fields, to
 * `onSubmit`.
 */
export function FormDrawer<T extends object>({
  open,
  title,
  form,
  name,
  saving,
  onClose,
  onSubmit,
  submitTestId,
  children,
}: {
  open: boolean;
  title: string;
  form: FormInstance<T>;
  name: string;
  saving: boolean;
  onClose: () => void;
  onSubmit: (values: T) => void;
  submitTestId?: string;
  children: ReactNode;
}) {
  const submit = () =>
    form.validateFields().then(
      (values) => onSubmit({ ...(form.getFieldsValue(true) as T), ...values }),
      () => undefined,
    );
  return (
    <SideDrawer
      open={open}
      title={title}
      onClose={onClose}
      forceRender
      submit={{
        loading: saving,
        onClick: () => void submit(),
        ...(submitTestId && { 'data-testid': submitTestId }),
      }}
    >
      <Form form={form} name={name} layout="vertical" onFinish={() => void submit()}>
        {children}
      </Form>
    </SideDrawer>
  );
}

import { Form, Modal, type FormInstance, type ModalProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type FormModalProps<Values> = Omit<ModalProps, 'onOk' | 'confirmLoading' | 'children'> & {
  form: FormInstance<Values>;
  /** The antd form name: inputs get the ids `#<name>_<field>`. */
  name: string;
  initialValues?: Partial<Values>;
  onFinish: (values: Values) => void;
  loading?: boolean;
  /** Shown above the form, e.g. a warning. */
  intro?: ReactNode;
  children: ReactNode;
};

/** A dialog holding one vertical form: OK submits it, the fields are dropped when it closes. */
export function FormModal<Values>({
  form,
  name,
  initialValues,
  onFinish,
  loading,
  intro,
  children,
  ...modal
}: FormModalProps<Values>) {
  const { t } = useTranslation();
  return (
    <Modal
      cancelText={t('common.cancel')}
      destroyOnHidden
      {...modal}
      onOk={() => form.submit()}
      confirmLoading={loading}
    >
      {intro}
      <Form<Values>
        form={form}
        name={name}
        layout="vertical"
        preserve={false}
        initialValues={initialValues}
        onFinish={onFinish}
      >
        {children}
      </Form>
    </Modal>
  );
}

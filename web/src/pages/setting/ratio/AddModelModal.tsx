import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { addRow, emptyRow, RATIO_FIELDS, type RatioRow } from '../model/ratio-rows.ts';
import { RATIO_ERROR_KEY, RATIO_FIELD_LABEL } from './ratio-messages.ts';

interface Props {
  open: boolean;
  rows: RatioRow[];
  onAdded: (rows: RatioRow[], name: string) => void;
  onClose: () => void;
}

/** Adds a model to the editor (not yet saved): a unique name and optional numeric values. */
export function AddModelModal({ open, rows, onAdded, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RatioRow>();

  const submit = async () => {
    const draft = { ...emptyRow(''), ...(await form.validateFields()) };
    for (const field of RATIO_FIELDS) draft[field] = draft[field] ?? '';
    const result = addRow(rows, draft);
    if ('error' in result) {
      form.setFields([
        {
          name: result.error === 'notNumber' ? 'ratio' : 'name',
          errors: [t(`setting.${RATIO_ERROR_KEY[result.error]}`)],
        },
      ]);
      return;
    }
    onAdded(result.rows, draft.name.trim());
    form.resetFields();
  };

  return (
    <Modal
      open={open}
      title={t('setting.ratio.addModel')}
      onOk={submit}
      onCancel={onClose}
      okText={t('common.add')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form form={form} name="setting_ratio_add" layout="vertical" preserve={false}>
        <Form.Item name="name" label={t('setting.ratio.name')}>
          <Input />
        </Form.Item>
        {RATIO_FIELDS.map((field) => (
          <Form.Item key={field} name={field} label={t(`setting.${RATIO_FIELD_LABEL[field]}`)}>
            <Input inputMode="decimal" />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

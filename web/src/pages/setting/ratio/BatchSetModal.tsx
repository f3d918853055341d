import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { BATCH_MODES, batchSet, type BatchInput } from '../model/ratio-batch.ts';
import type { RatioRow } from '../model/ratio-rows.ts';
import { RATIO_ERROR_KEY } from './ratio-messages.ts';

interface Props {
  open: boolean;
  rows: RatioRow[];
  selected: string[];
  onApplied: (rows: RatioRow[]) => void;
  onClose: () => void;
}

/** Sets a price, one ratio or both ratios on every selected model at once. */
export function BatchSetModal({ open, rows, selected, onApplied, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BatchInput>();
  const mode = Form.useWatch('mode', form);

  const submit = async () => {
    const values = await form.validateFields();
    const input: BatchInput = {
      mode: values.mode,
      value: values.value ?? '',
      ratio: values.ratio ?? '',
      completionRatio: values.completionRatio ?? '',
    };
    const result = batchSet(rows, selected, input);
    if ('error' in result) {
      const field = input.mode === 'bothRatios' ? 'ratio' : 'value';
      form.setFields([{ name: field, errors: [t(`setting.${RATIO_ERROR_KEY[result.error]}`)] }]);
      return;
    }
    onApplied(result.rows);
  };

  return (
    <Modal
      open={open}
      title={t('setting.ratio.batchTitle', { count: selected.length })}
      onOk={submit}
      onCancel={onClose}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form
        form={form}
        name="setting_ratio_batch"
        layout="vertical"
        preserve={false}
        initialValues={{ mode: 'ratio' }}
      >
        <Form.Item name="mode" label={t('setting.ratio.batchMode')}>
          <Select
            options={BATCH_MODES.map((value) => ({ value, label: t(`setting.ratio.mode.${value}`) }))}
          />
        </Form.Item>
        {mode === 'bothRatios' ? (
          <>
            <Form.Item name="ratio" label={t('setting.ratio.ratio')}>
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="completionRatio" label={t('setting.ratio.completionRatio')}>
              <Input inputMode="decimal" />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="value" label={t('setting.ratio.fillValue')}>
            <Input inputMode="decimal" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { columnsFor, visibleColumns, type ColumnChoice, type LogColumnKey } from './log-columns.ts';

/** A button opening the show/hide choice of the log table's columns. */
export function ColumnSettings({
  admin,
  choice,
  onChange,
}: {
  admin: boolean;
  choice: ColumnChoice;
  onChange: (choice: ColumnChoice) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const all = columnsFor(admin);
  const shown = visibleColumns(choice, admin);

  const setShown = (keys: LogColumnKey[]) =>
    onChange({ ...choice, ...Object.fromEntries(all.map((key) => [key, keys.includes(key)])) });

  return (
    <>
      <Button icon={<SettingOutlined />} onClick={() => setOpen(true)}>
        {t('log.columns')}
      </Button>
      <Modal
        open={open}
        title={t('log.columnsTitle')}
        onCancel={() => setOpen(false)}
        footer={
          <Space>
            <Button onClick={() => setShown(all)}>{t('common.selectAll')}</Button>
            <Button type="primary" onClick={() => setOpen(false)}>
              {t('common.close')}
            </Button>
          </Space>
        }
      >
        <Checkbox.Group
          value={shown}
          onChange={(keys) => setShown(keys as LogColumnKey[])}
          options={all.map((key) => ({ value: key, label: t(`log.column.${key}`) }))}
        />
      </Modal>
    </>
  );
}

import { Button, Checkbox, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_COLUMNS, CHANNEL_COLUMNS, type ColumnChoice } from './channel-columns.ts';

/** Which columns the table shows; saved locally by the caller. */
export function ColumnSettingsDialog({
  open,
  choice,
  onSave,
  onClose,
}: {
  open: boolean;
  choice: ColumnChoice;
  onSave: (choice: ColumnChoice) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(choice);
  const allShown = CHANNEL_COLUMNS.every((column) => draft[column]);

  return (
    <Modal
      open={open}
      title={t('channel.columns.title')}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && setDraft(choice)}
      onOk={() => {
        onSave(draft);
        onClose();
      }}
      footer={(_node, { OkBtn, CancelBtn }) => (
        <>
          <Button onClick={() => setDraft(ALL_COLUMNS)}>{t('common.reset')}</Button>
          <CancelBtn />
          <OkBtn />
        </>
      )}
    >
      <Space orientation="vertical">
        <Checkbox
          checked={allShown}
          indeterminate={!allShown && CHANNEL_COLUMNS.some((column) => draft[column])}
          onChange={(event) =>
            setDraft(
              Object.fromEntries(CHANNEL_COLUMNS.map((c) => [c, event.target.checked])) as ColumnChoice,
            )
          }
        >
          {t('common.selectAll')}
        </Checkbox>
        {CHANNEL_COLUMNS.map((column) => (
          <Checkbox
            key={column}
            checked={draft[column]}
            onChange={(event) => setDraft({ ...draft, [column]: event.target.checked })}
          >
            {t(`channel.columns.${column}`)}
          </Checkbox>
        ))}
      </Space>
    </Modal>
  );
}

import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../components/use-copy.tsx';
import { codesFileName, codesText } from './redemption-form.ts';

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** The codes a create just made: each shown in full, with copy-all and download. */
export function CreatedCodesModal({
  codes,
  name,
  onClose,
}: {
  codes: string[];
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const copy = useCopy();
  const text = codesText(codes);
  return (
    <Modal
      open={codes.length > 0}
      title={t('redemption.result.title')}
      onCancel={onClose}
      footer={
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => download(codesFileName(name), text)}>
            {t('redemption.result.download')}
          </Button>
          <Button
            type="primary"
            icon={<CopyOutlined />}
            onClick={() => void copy(text)}
            data-testid="codes-copy-all"
          >
            {t('redemption.result.copyAll')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('redemption.result.hint')}</Typography.Paragraph>
      <Input.TextArea
        value={text}
        readOnly
        autoSize={{ minRows: Math.min(codes.length, 3), maxRows: 12 }}
        data-testid="created-codes"
        onFocus={(e) => e.target.select()}
      />
    </Modal>
  );
}

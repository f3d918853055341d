import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StorageKey, readText, writeText } from '../../lib/storage.ts';
import { contentKind } from './content-kind.ts';
import { PageContent } from './PageContent.tsx';
import { usePageContent } from './use-page-content.ts';

/** The admin's announcement (Settings → Other → Notice), shown on the home page until dismissed; a new one shows again. */
export function NoticeModal() {
  const { t } = useTranslation();
  const { data } = usePageContent('/api/notice');
  const [closed, setClosed] = useState(false);
  const notice = data ?? '';
  const open = !closed && contentKind(notice) !== 'empty' && readText(StorageKey.noticeSeen) !== notice;

  const dismiss = () => {
    writeText(StorageKey.noticeSeen, notice);
    setClosed(true);
  };

  return (
    <Modal
      open={open}
      title={t('home.notice')}
      onCancel={() => setClosed(true)}
      footer={[
        <Button key="dismiss" onClick={dismiss}>
          {t('home.noticeDismiss')}
        </Button>,
        <Button key="close" type="primary" onClick={() => setClosed(true)}>
          {t('common.close')}
        </Button>,
      ]}
    >
      <PageContent content={notice} title={t('home.notice')} />
    </Modal>
  );
}

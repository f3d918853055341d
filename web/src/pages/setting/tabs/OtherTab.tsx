import { Button, Card, Descriptions, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRoot, useSessionUser } from '../../../session/session-store.ts';
import { useStatus } from '../../../status/status.ts';
import { JobsCard } from '../components/JobsCard.tsx';
import { OptionSection } from '../components/OptionSection.tsx';
import { SectionIndex } from '../components/SectionIndex.tsx';
import type { OptionMap } from '../model/option-fields.ts';
import { fetchLatestRelease, type LatestRelease } from '../model/release.ts';
import { OTHER_SECTIONS } from '../sections/other-sections.ts';

type Check = { state: 'idle' | 'checking' | 'failed' } | { state: 'done'; release: LatestRelease };

/** The running version and a lookup of the newest upstream release. */
function VersionCard() {
  const { t } = useTranslation();
  const status = useStatus();
  const [check, setCheck] = useState<Check>({ state: 'idle' });

  const run = async () => {
    setCheck({ state: 'checking' });
    try {
      setCheck({ state: 'done', release: await fetchLatestRelease() });
    } catch {
      setCheck({ state: 'failed' });
    }
  };

  return (
    <Card title={t('setting.version.title')} size="small" style={{ marginBottom: 16 }}>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('setting.version.current')}>
          {status?.version || t('common.unknown')}
        </Descriptions.Item>
        {check.state === 'done' && (
          <Descriptions.Item label={t('setting.version.latest')}>
            <Space>
              {check.release.tag}
              <Typography.Link href={check.release.url} target="_blank" rel="noreferrer">
                {t('setting.version.view')}
              </Typography.Link>
            </Space>
          </Descriptions.Item>
        )}
      </Descriptions>
      {check.state === 'failed' && (
        <Typography.Paragraph type="danger">{t('setting.version.failed')}</Typography.Paragraph>
      )}
      <Button onClick={run} loading={check.state === 'checking'}>
        {t('setting.version.check')}
      </Button>
    </Card>
  );
}

/** Site texts (notice, name, logo, home page, about, footer), one save each, version info and (root) the background jobs. */
export function OtherTab({ options }: { options: OptionMap }) {
  const root = isRoot(useSessionUser());
  return (
    <SectionIndex sections={OTHER_SECTIONS}>
      {OTHER_SECTIONS.map((section) => (
        <OptionSection key={section.form} section={section} options={options} />
      ))}
      <VersionCard />
      {root && <JobsCard />}
    </SectionIndex>
  );
}

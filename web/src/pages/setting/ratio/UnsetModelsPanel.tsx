import { useQuery } from '@tanstack/react-query';
import { Button, Input, Table, Typography } from 'antd';
import { LoadError } from '../../../components/LoadError.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client.ts';
import { modelsWithoutRatio, type RatioRow } from '../model/ratio-rows.ts';

interface Props {
  rows: RatioRow[];
  /** Puts the model into the visual editor and shows it there. */
  onAdd: (name: string) => void;
}

/** Models served by enabled channels that none of the price tables (as being edited) mentions. */
export function UnsetModelsPanel({ rows, onAdd }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const enabled = useQuery({
    queryKey: ['setting', 'models-enabled'],
    queryFn: () => api.get<string[]>('/api/channel/models_enabled'),
  });
  const unset = modelsWithoutRatio(enabled.data ?? [], rows).filter((name) =>
    name.toLowerCase().includes(search.trim().toLowerCase()),
  );

  if (enabled.isError) return <LoadError query={enabled} />;

  return (
    <>
      <Typography.Paragraph type="secondary">{t('setting.ratio.unsetNote')}</Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder={t('setting.ratio.searchPlaceholder')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        style={{ width: 240, marginBottom: 12 }}
      />
      <Table<{ name: string }>
        rowKey="name"
        size="small"
        loading={enabled.isLoading}
        dataSource={unset.map((name) => ({ name }))}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        locale={{ emptyText: t('setting.ratio.noUnset') }}
        columns={[
          { title: t('setting.ratio.name'), dataIndex: 'name', key: 'name' },
          {
            title: t('common.actions'),
            key: 'actions',
            width: 160,
            render: (_, { name }) => (
              <Button size="small" onClick={() => onAdd(name)}>
                {t('setting.ratio.addToEditor')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

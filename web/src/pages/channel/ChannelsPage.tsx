import type { ChannelView } from '@relaygate/contract';
import { Card } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ListTable } from '../../components/LoadError.tsx';
import { showError } from '../../api/feedback.ts';
import { usePaging } from '../../components/use-paging.ts';
import { BatchTagDialog } from './BatchTagDialog.tsx';
import { channelApi, useChannelList, useChannelTypes } from './channel-api.ts';
import { EMPTY_FILTERS, listRequest, type ChannelFilters } from './channel-query.ts';
import { ChannelDrawer, type DrawerTarget } from './ChannelDrawer.tsx';
import { ChannelSearchForm } from './ChannelSearchForm.tsx';
import { ChannelToolbar } from './ChannelToolbar.tsx';
import { ColumnSettingsDialog } from './ColumnSettingsDialog.tsx';
import { buildRows, isRowDisabled, selectedChannelIds } from './tag-rows.ts';
import { TagEditDialog } from './TagEditDialog.tsx';
import { TestModelDialog } from './TestModelDialog.tsx';
import { useChannelColumns } from './use-channel-columns.tsx';
import { useColumnChoice, useIdSort } from './use-channel-view.ts';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

/** Which drawer the route asks for: /channel/add creates, /channel/edit/:id edits. */
function useDrawerTarget(copyOf: ChannelView | undefined): DrawerTarget | null {
  const { id } = useParams();
  const { pathname } = useLocation();
  if (id !== undefined && /^\d+$/.test(id)) return { mode: 'edit', id: Number(id) };
  if (pathname.replace(/\/+$/, '') === '/channel/add') return { mode: 'create', copyOf };
  return null;
}

/** Channel management (admin): search, table, bulk actions, tag mode and the create/edit drawer. */
export function ChannelsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<ChannelFilters>(EMPTY_FILTERS);
  const [idSort, setIdSort] = useIdSort();
  const [tagMode, setTagMode] = useState(false);
  const [columnChoice, setColumnChoice] = useColumnChoice();
  const [selected, setSelected] = useState<Key[]>([]);
  const [copyOf, setCopyOf] = useState<ChannelView>();
  const [testing, setTesting] = useState<ChannelView | null>(null);
  const [editingTag, setEditingTag] = useState<string | null>(null);
  const [batchTagOpen, setBatchTagOpen] = useState(false);
  const [columnsOpen, setColumnsOpen] = useState(false);
  const paging = usePaging();
  const types = useChannelTypes();
  const list = useChannelList(listRequest(filters, paging.page, paging.pageSize, idSort, tagMode));
  const rows = useMemo(() => buildRows(list.data?.items ?? [], tagMode), [list.data, tagMode]);
  const drawer = useDrawerTarget(copyOf);
  const selectedIds = selectedChannelIds(selected);

  const copy = async (channel: ChannelView) => {
    try {
      setCopyOf(await channelApi.get(channel.id));
      navigate('/channel/add');
    } catch (error) {
      showError(new Error(`${t('channel.error.copyFailed')}: ${(error as Error).message}`));
    }
  };

  const columns = useChannelColumns(columnChoice, types, {
    onEdit: (channel) => navigate(`/channel/edit/${channel.id}`),
    onCopy: (channel) => void copy(channel),
    onPickTestModel: setTesting,
    onEditTag: setEditingTag,
  });

  const resetPage = () => {
    paging.setPage(1);
    setSelected([]);
  };

  return (
    <Card title={t('channel.title')}>
      <ChannelSearchForm
        loading={list.isFetching}
        onSearch={(next) => {
          setFilters(next);
          resetPage();
        }}
      />
      <ChannelToolbar
        selectedIds={selectedIds}
        idSort={idSort}
        tagMode={tagMode}
        onIdSort={(on) => {
          setIdSort(on);
          resetPage();
        }}
        onTagMode={(on) => {
          setTagMode(on);
          resetPage();
        }}
        onAdd={() => {
          setCopyOf(undefined);
          navigate('/channel/add');
        }}
        onBatchTag={() => setBatchTagOpen(true)}
        onColumns={() => setColumnsOpen(true)}
        onRefresh={() => void list.refetch()}
        onDeleted={() => setSelected([])}
      />
      <ListTable
        query={list}
        rowKey="key"
        size="middle"
        scroll={{ x: 'max-content' }}
        loading={list.isFetching}
        dataSource={rows}
        columns={columns}
        pagination={paging.pagination(list.data?.total ?? 0)}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        onRow={(row) => ({ style: isRowDisabled(row) ? { opacity: 0.55 } : undefined })}
      />
      <ChannelDrawer
        target={drawer}
        onClose={() => {
          setCopyOf(undefined);
          navigate('/channel');
        }}
      />
      <TestModelDialog channel={testing} onClose={() => setTesting(null)} />
      <TagEditDialog tag={editingTag} onClose={() => setEditingTag(null)} />
      <BatchTagDialog open={batchTagOpen} ids={selectedIds} onClose={() => setBatchTagOpen(false)} />
      <ColumnSettingsDialog
        open={columnsOpen}
        choice={columnChoice}
        onSave={setColumnChoice}
        onClose={() => setColumnsOpen(false)}
      />
    </Card>
  );
}

import { App, Badge, Button, Input, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USD_DISPLAY, formatPrice } from '../../../lib/quota.ts';
import { ratioColor } from '../../../lib/ratio.ts';
import { useSaveOptions } from '../api/options-api.ts';
import type { OptionMap } from '../model/option-fields.ts';
import {
  deleteRow,
  filterRows,
  findInvalid,
  isRatioText,
  pricePerMillion,
  ratioChanges,
  setRowValue,
  type RatioField,
  type RatioRow,
} from '../model/ratio-rows.ts';
import { AddModelModal } from './AddModelModal.tsx';
import { BatchSetModal } from './BatchSetModal.tsx';
import { RATIO_FIELD_LABEL } from './ratio-messages.ts';

interface Props {
  options: OptionMap;
  rows: RatioRow[];
  setRows: (update: (rows: RatioRow[]) => RatioRow[]) => void;
  discard: () => void;
  search: string;
  onSearch: (search: string) => void;
}

const EDITABLE: RatioField[] = ['price', 'ratio', 'completionRatio', 'cacheRatio'];

/**
 * Column widths: a number field holds "0.0375" in 96 px, so the model name keeps room for a whole
 * name (wrapped, never cut) and the table fits beside the section index at 1440 px; narrower, it
 * scrolls with the delete button kept in view at the right.
 */
const WIDTH = { select: 32, name: 200, value: 96, perMillion: 160, actions: 76 };

/** The price tables as one row per model, edited inline and saved as the changed tables. */
export function VisualRatioEditor({ options, rows, setRows, discard, search, onSearch }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveOptions();
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<'add' | 'batch' | null>(null);
  const [saving, setSaving] = useState(false);
  const [page, setPage] = useState(1);

  const visible = filterRows(rows, search);
  const known = new Set(rows.map((row) => row.name));
  const selection = selected.filter((name) => known.has(name));

  const submit = async () => {
    const invalid = findInvalid(rows);
    if (invalid) {
      message.error(
        `${invalid.name} · ${t(`setting.${RATIO_FIELD_LABEL[invalid.field]}`)}: ${t('setting.ratio.notNumber')}`,
      );
      return;
    }
    const changes = ratioChanges(rows, options);
    if (changes.length === 0) {
      message.info(t('common.nothingChanged'));
      return;
    }
    setSaving(true);
    try {
      await save(changes);
    } finally {
      setSaving(false);
    }
  };

  const openBatch = () => {
    if (selection.length === 0) message.warning(t('setting.ratio.selectFirst'));
    else setDialog('batch');
  };

  const valueColumn = (field: RatioField) => ({
    title: t(`setting.${RATIO_FIELD_LABEL[field]}`),
    key: field,
    width: WIDTH.value,
    render: (_: unknown, row: RatioRow) => {
      const locked = field !== 'price' && row.price.trim() !== '';
      const valid = isRatioText(row[field]);
      // The model ratio's spec colour (spec 000 §9), as a dot inside its field.
      const colour =
        field === 'ratio' && valid && !locked && row.ratio.trim() !== ''
          ? ratioColor(Number(row.ratio))
          : null;
      return (
        <Input
          size="small"
          value={row[field]}
          disabled={locked}
          status={valid ? undefined : 'error'}
          title={
            valid ? (locked ? t('setting.ratio.lockedByPrice') : undefined) : t('setting.ratio.notNumber')
          }
          placeholder={locked ? t('setting.ratio.lockedByPrice') : undefined}
          aria-label={`${row.name} ${field}`}
          inputMode="decimal"
          suffix={colour ? <Badge color={colour} data-ratio-color={colour} /> : undefined}
          onChange={(event) =>
            setRows((current) => setRowValue(current, row.name, field, event.target.value))
          }
        />
      );
    },
  });

  const columns: TableColumnsType<RatioRow> = [
    {
      title: t('setting.ratio.name'),
      dataIndex: 'name',
      key: 'name',
      width: WIDTH.name,
      render: (name: string) => <span style={{ overflowWrap: 'anywhere' }}>{name}</span>,
    },
    ...EDITABLE.map(valueColumn),
    {
      title: t('setting.ratio.perMillion'),
      key: 'perMillion',
      width: WIDTH.perMillion,
      render: (_, row) => {
        if (row.price.trim() !== '') return t('setting.ratio.perCall', { price: row.price });
        const price = pricePerMillion(row);
        return price ? (
          <Typography.Text type="secondary">
            {t('setting.ratio.promptPrice', { price: formatPrice(price.prompt, USD_DISPLAY) })}
            <br />
            {t('setting.ratio.completionPrice', { price: formatPrice(price.completion, USD_DISPLAY) })}
          </Typography.Text>
        ) : (
          <Typography.Text type="warning">{t('setting.ratio.unpriced')}</Typography.Text>
        );
      },
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: WIDTH.actions,
      fixed: 'right',
      render: (_, row) => (
        <Popconfirm
          title={t('setting.ratio.deleteConfirm', { name: row.name })}
          onConfirm={() => setRows((current) => deleteRow(current, row.name))}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
        >
          <Button size="small" danger>
            {t('common.delete')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('setting.ratio.visualNote')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('setting.ratio.searchPlaceholder')}
          value={search}
          onChange={(event) => {
            onSearch(event.target.value);
            setPage(1);
          }}
          style={{ width: 240 }}
        />
        <Button onClick={() => setDialog('add')}>{t('setting.ratio.addModel')}</Button>
        <Button onClick={openBatch}>{t('setting.ratio.batchSet', { count: selection.length })}</Button>
        <Popconfirm
          title={t('setting.ratio.discardConfirm')}
          onConfirm={discard}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
        >
          <Button>{t('setting.ratio.discard')}</Button>
        </Popconfirm>
        <Button type="primary" loading={saving} onClick={submit}>
          {t('setting.ratio.save')}
        </Button>
      </Space>
      <Table<RatioRow>
        rowKey="name"
        size="small"
        columns={columns}
        dataSource={visible}
        rowSelection={{
          selectedRowKeys: selection,
          onChange: (keys) => setSelected(keys.map(String)),
          columnWidth: WIDTH.select,
        }}
        pagination={{
          current: page,
          pageSize: 10,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (total) => t('common.total', { total }),
        }}
        scroll={{ x: 'max-content' }}
      />
      <AddModelModal
        open={dialog === 'add'}
        rows={rows}
        onClose={() => setDialog(null)}
        onAdded={(next, name) => {
          setRows(() => next);
          setDialog(null);
          onSearch(name);
          setPage(1);
        }}
      />
      <BatchSetModal
        open={dialog === 'batch'}
        rows={rows}
        selected={selection}
        onClose={() => setDialog(null)}
        onApplied={(next) => {
          setRows(() => next);
          setDialog(null);
        }}
      />
    </>
  );
}

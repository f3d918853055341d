import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS, usePageSize } from '../lib/page-size.ts';

/** Page number and the shared page size (kept under `page-size`), with the antd pagination props for a table. */
export function usePaging() {
  const { t } = useTranslation();
  const [pageSize, setPageSize] = usePageSize();
  const [page, setPage] = useState(1);

  const pagination = (total: number): TablePaginationConfig => ({
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showTotal: (count) => t('common.total', { total: count }),
    onChange: (nextPage, nextSize) => {
      if (nextSize !== pageSize) {
        setPageSize(nextSize);
        setPage(1);
      } else setPage(nextPage);
    },
  });

  return { page, pageSize, setPage, pagination };
}

import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../api/http-errors.ts';

/** What a screen needs of a query (TanStack Query's result) to say it failed and to retry it. */
export interface LoadState {
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * Says a load failed, with the reason and a Retry button; nothing while it has not failed. The one
 * place a failed load is shown: queries never raise a toast, so the same error never shows twice.
 * A 401 shows nothing, the client already sent the user to the login page.
 */
export function LoadError({ query, title }: { query: LoadState; title?: string }) {
  const { t } = useTranslation();
  if (!query.isError || (query.error instanceof HttpError && query.error.status === 401)) return null;
  return (
    <Alert
      type="error"
      showIcon
      data-testid="load-error"
      title={title ?? t('load.failed')}
      description={query.error?.message}
      style={{ marginBottom: 16 }}
      action={
        <Button
          size="small"
          icon={<ReloadOutlined />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
          data-testid="load-retry"
        >
          {t('load.retry')}
        </Button>
      }
    />
  );
}

/**
 * A list's table: above it, the load error with its Retry; inside it, "not loaded" instead of
 * "no data" while the list could not be loaded; the loading state from the query. Every list has
 * the same (middle) row height.
 */
export function ListTable<Row extends object>({
  query,
  locale,
  ...table
}: TableProps<Row> & { query: LoadState & { isLoading: boolean } }) {
  const { t } = useTranslation();
  return (
    <>
      <LoadError query={query} />
      <Table<Row>
        size="middle"
        loading={query.isLoading || (query.isError && query.isFetching)}
        {...table}
        locale={query.isError ? { ...locale, emptyText: t('load.notLoaded') } : locale}
      />
    </>
  );
}

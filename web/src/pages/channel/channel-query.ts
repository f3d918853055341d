/** The search form's filters. */
export interface ChannelFilters {
  keyword: string;
  group: string;
  model: string;
}

export const EMPTY_FILTERS: ChannelFilters = { keyword: '', group: '', model: '' };

export interface ListRequest {
  path: string;
  query: Record<string, string | number | boolean>;
}

const hasFilter = (filters: ChannelFilters) => Object.values(filters).some((value) => value.trim() !== '');

/**
 * GET /api/channel/search when a filter is set, else GET /api/channel/. The lists answer new-api's
 * classic form: `p` counts from 0 (page 1 is p=0), the total comes in a header.
 */
export function listRequest(
  filters: ChannelFilters,
  page: number,
  pageSize: number,
  idSort: boolean,
  tagMode: boolean,
): ListRequest {
  const query: ListRequest['query'] = {
    p: page - 1,
    page_size: pageSize,
    id_sort: idSort,
    tag_mode: tagMode,
  };
  if (!hasFilter(filters)) return { path: '/api/channel/', query };
  return {
    path: '/api/channel/search',
    query: {
      keyword: filters.keyword.trim(),
      group: filters.group.trim(),
      model: filters.model.trim(),
      ...query,
    },
  };
}

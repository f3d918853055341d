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

/** GET /api/channel/search when a filter is set, else GET /api/channel/ (p counts from 1). */
export function listRequest(
  filters: ChannelFilters,
  page: number,
  pageSize: number,
  idSort: boolean,
  tagMode: boolean,
): ListRequest {
  const query: ListRequest['query'] = { p: page, page_size: pageSize, id_sort: idSort, tag_mode: tagMode };
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

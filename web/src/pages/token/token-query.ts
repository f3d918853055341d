/** The search form: both empty lists every token. */
export interface TokenSearch {
  keyword: string;
  token: string;
}

/**
 * One page of the user's tokens, in new-api's classic form: `p` counts from 0 (page 1 is p=0),
 * the server reads `size` (page_size is sent too), the total comes in a header.
 */
export function tokenListQuery(page: number, pageSize: number, search: TokenSearch) {
  const paging = { p: page - 1, size: pageSize, page_size: pageSize };
  const keyword = search.keyword.trim();
  const token = search.token.trim();
  if (!keyword && !token) return { path: '/api/token/', query: paging };
  return { path: '/api/token/search', query: { ...paging, keyword, token } };
}

/** The ids of a `{data: [{id}, …]}` list (OpenAI's, Anthropic's model lists), or null when the answer is not one. */
export function dataIds(body: unknown): unknown[] | null {
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? data.map((item) => (item as { id?: unknown } | null)?.id) : null;
}

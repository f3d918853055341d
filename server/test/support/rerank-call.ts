/** The rerank call the rerank tests make: a query, two documents (a string and a `{text}`), the best two kept. */
export const RERANK_QUERY = 'What is the capital of the United States?';
export const RERANK_DOCUMENTS = [
  'Carson City is the capital city of Nevada.',
  'Washington, D.C. is the capital.',
];

/** POSTs that call to the gateway's /v1/rerank with a key, for `model`. */
export const postRerank = (gatewayUrl: string, key: string, model: string): Promise<Response> =>
  fetch(`${gatewayUrl}/v1/rerank`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      model,
      query: RERANK_QUERY,
      documents: [RERANK_DOCUMENTS[0], { text: RERANK_DOCUMENTS[1] }],
      top_n: 2,
    }),
  });

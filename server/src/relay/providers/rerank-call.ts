import { asArray, asObject, asString } from '../formats/json-read.ts';
import type { Json } from '../formats/types.ts';

/** A rerank call as /v1/rerank takes it (Jina's shape): the query, the documents' texts, how many to keep. */
export interface RerankCall {
  query: string;
  documents: string[];
  topN?: number;
}

/** Reads a rerank call: documents as strings or `{text}` objects; a string says what is missing. */
export function readRerankCall(body: Json): RerankCall | string {
  const documents = asArray(body.documents).map((document) =>
    typeof document === 'string' ? document : asString(asObject(document)?.text),
  );
  if (typeof body.query !== 'string' || documents.length === 0)
    return 'a rerank call needs a query and a list of documents';
  return typeof body.top_n === 'number'
    ? { query: body.query, documents, topN: body.top_n }
    : { query: body.query, documents };
}

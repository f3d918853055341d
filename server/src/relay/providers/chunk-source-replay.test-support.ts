import type { ChunkSource, Json } from '../formats/types.ts';

/**
 * Test support: a provider's stream events through its converter to OpenAI chat chunks, and what
 * a client reads of them: the text, the tool call pieces, the finish reasons, the usage.
 */
export function replayChunkSource(converter: ChunkSource, events: Array<{ event?: string; data: Json }>) {
  const chunks = [...events.flatMap((event) => converter.push(event)), ...converter.end()];
  const deltas = chunks.flatMap((chunk) => (chunk.choices as Json[] | undefined) ?? []);
  const delta = (choice: Json) => choice.delta as Json;
  return {
    chunks,
    text: deltas.map((choice) => delta(choice).content ?? '').join(''),
    tools: deltas.flatMap((choice) => (delta(choice).tool_calls as Json[] | undefined) ?? []),
    finish: deltas.map((choice) => choice.finish_reason).filter(Boolean),
    usage: converter.usage(),
  };
}

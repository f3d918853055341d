import type { Json } from '../../formats/types.ts';
import { asObject } from '../../formats/json-read.ts';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const number = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const flag = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

/**
 * The settings a Responses object repeats from its request, as OpenAI answers them: what the
 * request gave, else OpenAI's defaults (temperature and top_p 1, tool_choice auto, text format
 * text, truncation disabled, store true, null for the rest). Clients (the Agents SDK, Codex) read
 * them back from response.created and the final response.
 */
export function responseEcho(request: Json | undefined): Json {
  const r = request ?? {};
  const reasoning = asObject(r.reasoning);
  const textOptions = asObject(r.text);
  return {
    instructions: typeof r.instructions === 'string' || Array.isArray(r.instructions) ? r.instructions : null,
    max_output_tokens: number(r.max_output_tokens),
    parallel_tool_calls: flag(r.parallel_tool_calls) ?? true,
    previous_response_id: text(r.previous_response_id),
    reasoning: { effort: null, summary: null, ...reasoning },
    safety_identifier: text(r.safety_identifier),
    store: flag(r.store) ?? true,
    temperature: number(r.temperature) ?? 1,
    text: { ...textOptions, format: asObject(textOptions?.format) ?? { type: 'text' } },
    tool_choice: text(r.tool_choice) ?? asObject(r.tool_choice) ?? 'auto',
    tools: Array.isArray(r.tools) ? r.tools : [],
    top_p: number(r.top_p) ?? 1,
    truncation: text(r.truncation) ?? 'disabled',
    user: text(r.user),
    metadata: asObject(r.metadata) ?? {},
  };
}

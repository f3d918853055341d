import { asArray, asNumber, asObject, asObjects, asString } from '../../formats/json-read.ts';
import { plainMessageText } from '../../formats/openai-chat-read.ts';
import type { Json } from '../../formats/types.ts';

export interface CohereRequestOptions {
  upstreamModel: string;
  /** The client's own thinking budget in tokens (Anthropic budget_tokens, Gemini thinkingBudget). */
  thinkingBudget?: number;
}

/** A user message's content: a string, or text and image parts (Cohere's vision models take image_url as OpenAI does). */
function userContent(content: unknown): unknown {
  if (!Array.isArray(content)) return plainMessageText(content);
  return asObjects(content).flatMap((part): Json[] => {
    if (part.type === 'image_url') return [{ type: 'image_url', image_url: asObject(part.image_url) ?? {} }];
    return typeof part.text === 'string' ? [{ type: 'text', text: part.text }] : [];
  });
}

function toCohereMessage(message: Json): Json | undefined {
  switch (message.role) {
    case 'system':
    case 'developer':
      return { role: 'system', content: plainMessageText(message.content) };
    case 'user':
      return { role: 'user', content: userContent(message.content) };
    case 'assistant': {
      const out: Json = { role: 'assistant' };
      const text = plainMessageText(message.content);
      const calls = asObjects(message.tool_calls);
      if (text !== '') out.content = text;
      if (calls.length > 0)
        out.tool_calls = calls.map(({ id, type, function: fn }) => ({ id, type, function: fn }));
      return out;
    }
    case 'tool':
      return {
        role: 'tool',
        tool_call_id: asString(message.tool_call_id),
        content: plainMessageText(message.content),
      };
    default:
      return undefined;
  }
}

/** tool_choice: Cohere can require a tool call or forbid one, not name the tool. */
function toolChoice(choice: unknown): string | undefined {
  if (choice === 'none') return 'NONE';
  if (choice === 'required' || asObject(choice)?.type === 'function') return 'REQUIRED';
  return undefined;
}

/** response_format: json_object as it is, a JSON schema as Cohere's json_object with that schema. */
function responseFormat(format: unknown): Json | undefined {
  const value = asObject(format);
  if (value?.type === 'json_object') return { type: 'json_object' };
  if (value?.type !== 'json_schema') return undefined;
  const schema = asObject(asObject(value.json_schema)?.schema);
  return schema ? { type: 'json_object', json_schema: schema } : { type: 'json_object' };
}

function thinking(request: Json, budget: number | undefined): Json | undefined {
  if (budget !== undefined) return { type: 'enabled', token_budget: budget };
  if (request.reasoning_effort === 'none') return { type: 'disabled' };
  return request.reasoning_effort !== undefined ? { type: 'enabled' } : undefined;
}

/** An OpenAI chat completions request as Cohere's v2 chat request (POST /v2/chat). */
export function toCohereChat(request: Json, options: CohereRequestOptions): Json {
  const stop = typeof request.stop === 'string' ? [request.stop] : asArray(request.stop);
  const body: Json = {
    model: options.upstreamModel,
    messages: asObjects(request.messages).flatMap((message) => toCohereMessage(message) ?? []),
    stream: request.stream === true,
    tools: asArray(request.tools).length > 0 ? request.tools : undefined,
    tool_choice: asArray(request.tools).length > 0 ? toolChoice(request.tool_choice) : undefined,
    max_tokens: asNumber(request.max_completion_tokens) ?? asNumber(request.max_tokens),
    temperature: asNumber(request.temperature),
    p: asNumber(request.top_p),
    seed: asNumber(request.seed),
    frequency_penalty: asNumber(request.frequency_penalty),
    presence_penalty: asNumber(request.presence_penalty),
    stop_sequences: stop.length > 0 ? stop : undefined,
    response_format: responseFormat(request.response_format),
    thinking: thinking(request, options.thinkingBudget),
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

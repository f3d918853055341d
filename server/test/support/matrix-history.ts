/**
 * A conversation that carries a tool call and its result back to the model, as every agent loop
 * sends it, and how to read it back out of the upstream request in each provider's format.
 */
export const HISTORY = {
  prompt: 'Weather in Paris?',
  tool: 'weather',
  args: { city: 'Paris' },
  result: 'sunny, 21 degrees',
  /** The id the caller gives the call (providers that link by id must keep call and result linked). */
  callId: 'call_matrix_1',
} as const;

/** What the upstream received: the call the assistant made, whether its result is linked to it, the result. */
export interface SentHistory {
  name?: string;
  args?: unknown;
  linked: boolean;
  resultCarried: boolean;
}

type Json = Record<string, unknown>;
type Part = Json & { type?: string };

const carries = (value: unknown) => JSON.stringify(value ?? null).includes(HISTORY.result);

function fromOpenAIChat(body: Json): SentHistory {
  const messages = (body.messages ?? []) as Array<Json & { tool_calls?: Array<Json & { function: Json }> }>;
  const call = messages.flatMap((m) => m.tool_calls ?? [])[0];
  const result = messages.find((m) => m.role === 'tool');
  return {
    name: call?.function.name as string | undefined,
    args: call && JSON.parse(String(call.function.arguments)),
    linked: call !== undefined && result?.tool_call_id === call.id,
    resultCarried: carries(result?.content),
  };
}

function fromResponses(body: Json): SentHistory {
  const items = (Array.isArray(body.input) ? body.input : []) as Part[];
  const call = items.find((i) => i.type === 'function_call');
  const result = items.find((i) => i.type === 'function_call_output');
  return {
    name: call?.name as string | undefined,
    args: call && JSON.parse(String(call.arguments)),
    linked: call !== undefined && result?.call_id === call.call_id,
    resultCarried: carries(result?.output),
  };
}

function fromAnthropic(body: Json): SentHistory {
  const blocks = ((body.messages ?? []) as Array<{ content: unknown }>).flatMap((m) =>
    Array.isArray(m.content) ? (m.content as Part[]) : [],
  );
  const call = blocks.find((b) => b.type === 'tool_use');
  const result = blocks.find((b) => b.type === 'tool_result');
  return {
    name: call?.name as string | undefined,
    args: call?.input,
    linked: call !== undefined && result?.tool_use_id === call.id,
    resultCarried: carries(result?.content),
  };
}

function fromGemini(body: Json): SentHistory {
  const parts = ((body.contents ?? []) as Array<{ parts?: Part[] }>).flatMap((c) => c.parts ?? []);
  const call = parts.find((p) => p.functionCall)?.functionCall as Json | undefined;
  const result = parts.find((p) => p.functionResponse)?.functionResponse as Json | undefined;
  return {
    name: call?.name as string | undefined,
    args: call?.args,
    // Gemini links a result to its call by the function's name (and by id where both carry one).
    linked:
      call !== undefined && result?.name === call.name && (!call.id || !result?.id || result.id === call.id),
    resultCarried: carries(result?.response),
  };
}

function fromConverse(body: Json): SentHistory {
  const blocks = ((body.messages ?? []) as Array<{ content?: Part[] }>).flatMap((m) => m.content ?? []);
  const call = blocks.find((b) => b.toolUse)?.toolUse as Json | undefined;
  const result = blocks.find((b) => b.toolResult)?.toolResult as Json | undefined;
  return {
    name: call?.name as string | undefined,
    args: call?.input,
    linked: call !== undefined && result?.toolUseId === call.toolUseId,
    resultCarried: carries(result?.content),
  };
}

/** The tool-call history an upstream request carries, read in the format of the path it went to. */
export function sentHistory(path: string, body: Json): SentHistory {
  // Cohere's v2 chat carries tool calls and results as OpenAI's chat does.
  if (path.endsWith('/chat/completions') || path.endsWith('/v2/chat')) return fromOpenAIChat(body);
  if (path.endsWith('/responses')) return fromResponses(body);
  if (path.endsWith('/messages') || path.endsWith(':rawPredict')) return fromAnthropic(body);
  if (path.endsWith('/converse')) return fromConverse(body);
  return fromGemini(body);
}

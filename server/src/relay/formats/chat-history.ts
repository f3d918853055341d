import type { Json } from './types.ts';

/**
 * Builds an OpenAI chat message list in which every tool message stands right after the assistant
 * message that made the call (OpenAI rejects anything else), whatever order the client's format
 * delivered the results in. A result for a call that is not in the history (a truncated
 * conversation) cannot be a tool message at all: it becomes a user message saying what it is.
 */
export class ChatHistory {
  private readonly entries: { message: Json; results: Json[] }[] = [];
  private readonly callOwner = new Map<string, Json[]>();

  /** A system, user or assistant message, in order; an assistant's tool calls await their results. */
  add(message: Json): void {
    const results: Json[] = [];
    this.entries.push({ message, results });
    if (!Array.isArray(message.tool_calls)) return;
    for (const call of message.tool_calls as Json[]) this.callOwner.set(String(call.id), results);
  }

  addToolResult(callId: string, content: string): void {
    const results = this.callOwner.get(callId);
    if (results) results.push({ role: 'tool', tool_call_id: callId, content });
    else this.add({ role: 'user', content: `Result of tool call ${callId}:\n${content}` });
  }

  messages(): Json[] {
    return this.entries.flatMap(({ message, results }) => [message, ...results]);
  }
}

/** A user message's content: a plain string when it is all text, else the parts; undefined if empty. */
export function userContent(parts: Json[]): string | Json[] | undefined {
  const kept = parts.filter((part) => part.type !== 'text' || String(part.text).trim() !== '');
  if (kept.length === 0) return undefined;
  if (kept.every((part) => part.type === 'text')) return kept.map((part) => part.text).join('\n');
  return kept;
}

/**
 * The reasoning effort that matches a thinking budget in tokens (Anthropic `budget_tokens`,
 * Gemini `thinkingBudget`): under 2048 low, under 8192 medium, else high.
 */
export const effortForBudget = (budget: number): 'low' | 'medium' | 'high' =>
  budget < 2048 ? 'low' : budget < 8192 ? 'medium' : 'high';

/** Adds `stream` and the usage chunk OpenAI only sends when asked. */
export function streamFields(stream: boolean): Json {
  return stream ? { stream: true, stream_options: { include_usage: true } } : {};
}

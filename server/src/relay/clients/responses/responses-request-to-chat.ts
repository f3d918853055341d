import type { Json } from '../../formats/types.ts';
import { ChatHistory, streamFields, userContent } from '../../formats/chat-history.ts';
import { asObject, asObjects, asString } from '../../formats/json-read.ts';
import { argumentsText } from '../../formats/openai-chat-read.ts';

/** An input content part (input_text, input_image, input_file, output_text) as a chat content part. */
function chatPart(part: Json): Json[] {
  switch (part.type) {
    case 'input_text':
    case 'output_text':
    case 'text':
      return [{ type: 'text', text: asString(part.text) }];
    case 'refusal':
      return [{ type: 'text', text: asString(part.refusal) }];
    case 'input_image': {
      const url = asString(part.image_url) || asString(asObject(part.image_url)?.url);
      if (!url) return [];
      const detail = asString(part.detail);
      return [{ type: 'image_url', image_url: detail ? { url, detail } : { url } }];
    }
    case 'input_file': {
      const data = asString(part.file_data);
      if (data)
        return [{ type: 'file', file: { filename: asString(part.filename) || 'file', file_data: data } }];
      const url = asString(part.file_url);
      return url ? [{ type: 'text', text: `File: ${url}` }] : [];
    }
    default:
      return [];
  }
}

const contentParts = (content: unknown): Json[] =>
  typeof content === 'string' ? [{ type: 'text', text: content }] : asObjects(content).flatMap(chatPart);

const partsText = (parts: Json[]): string =>
  parts
    .filter((part) => part.type === 'text')
    .map((part) => asString(part.text))
    .join('\n');

/**
 * Builds the chat history from Responses input items. Consecutive function_call items (and the
 * assistant text before them) are one assistant message with several tool calls, as chat wants.
 */
class InputReader {
  readonly history = new ChatHistory();
  private assistant: { content: string; calls: Json[] } | undefined;

  item(item: Json): void {
    const type = asString(item.type) || 'message';
    if (type === 'function_call') return this.call(item);
    if (type === 'message') return this.message(item);
    if (type === 'function_call_output') {
      this.flush();
      const output = typeof item.output === 'string' ? item.output : partsText(contentParts(item.output));
      this.history.addToolResult(asString(item.call_id), output);
    }
    // Reasoning items and references to stored items have no chat counterpart.
  }

  private message(item: Json): void {
    const role = asString(item.role);
    const parts = contentParts(item.content);
    if (role === 'assistant') {
      this.flush();
      this.assistant = { content: partsText(parts), calls: [] };
      return;
    }
    this.flush();
    if (role === 'system' || role === 'developer') {
      const text = partsText(parts);
      if (text.trim() !== '') this.history.add({ role: 'system', content: text });
      return;
    }
    const content = userContent(parts);
    if (content !== undefined) this.history.add({ role: 'user', content });
  }

  private call(item: Json): void {
    this.assistant ??= { content: '', calls: [] };
    this.assistant.calls.push({
      id: asString(item.call_id) || asString(item.id),
      type: 'function',
      function: { name: asString(item.name), arguments: argumentsText(item.arguments) || '{}' },
    });
  }

  flush(): void {
    const turn = this.assistant;
    this.assistant = undefined;
    if (!turn) return;
    if (turn.calls.length > 0)
      this.history.add({ role: 'assistant', content: turn.content || null, tool_calls: turn.calls });
    else if (turn.content.trim() !== '') this.history.add({ role: 'assistant', content: turn.content });
  }
}

function messages(request: Json): Json[] {
  const reader = new InputReader();
  const instructions = asString(request.instructions);
  if (instructions.trim() !== '') reader.history.add({ role: 'system', content: instructions });
  if (typeof request.input === 'string') reader.history.add({ role: 'user', content: request.input });
  else for (const item of asObjects(request.input)) reader.item(item);
  reader.flush();
  return reader.history.messages();
}

/** Function tools; built-in tools (web_search, file_search, …) need OpenAI itself and are left out. */
function tools(request: Json): Json {
  const functions = asObjects(request.tools)
    .filter((tool) => tool.type === 'function')
    .map((tool) => ({
      type: 'function',
      function: {
        name: asString(tool.name),
        ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
        parameters: asObject(tool.parameters) ?? { type: 'object', properties: {} },
        ...(typeof tool.strict === 'boolean' ? { strict: tool.strict } : {}),
      },
    }));
  if (functions.length === 0) return {};
  const out: Json = { tools: functions };
  const choice = request.tool_choice;
  if (choice === 'auto' || choice === 'none' || choice === 'required') out.tool_choice = choice;
  const named = asObject(choice);
  if (named?.type === 'function' && typeof named.name === 'string')
    out.tool_choice = { type: 'function', function: { name: named.name } };
  if (typeof request.parallel_tool_calls === 'boolean') out.parallel_tool_calls = request.parallel_tool_calls;
  return out;
}

/** text.format (structured output) as a chat response_format. */
function responseFormat(request: Json): Json | undefined {
  const format = asObject(asObject(request.text)?.format);
  if (format?.type === 'json_object') return { type: 'json_object' };
  if (format?.type !== 'json_schema') return undefined;
  const schema: Json = { name: asString(format.name) || 'output', schema: asObject(format.schema) ?? {} };
  if (typeof format.strict === 'boolean') schema.strict = format.strict;
  if (typeof format.description === 'string') schema.description = format.description;
  return { type: 'json_schema', json_schema: schema };
}

const EFFORTS: Record<string, string> = {
  minimal: 'minimal',
  low: 'low',
  medium: 'medium',
  high: 'high',
  xhigh: 'high',
};

/** Sampling, limits, reasoning effort and the end user: the fields with a chat counterpart. */
function options(request: Json): Json {
  const out: Json = {};
  if (typeof request.max_output_tokens === 'number') out.max_tokens = request.max_output_tokens;
  if (typeof request.temperature === 'number') out.temperature = request.temperature;
  if (typeof request.top_p === 'number') out.top_p = request.top_p;
  const effort = EFFORTS[asString(asObject(request.reasoning)?.effort)];
  if (effort) out.reasoning_effort = effort;
  const format = responseFormat(request);
  if (format) out.response_format = format;
  const user = asString(request.user) || asString(request.safety_identifier);
  if (user) out.user = user;
  return out;
}

/**
 * A Responses API request as an OpenAI chat request, for channels that do not speak Responses:
 * instructions and system/developer items become system messages, function calls and their
 * outputs tool calls and tool messages, text.format a response_format, reasoning.effort
 * reasoning_effort. State kept by OpenAI (previous_response_id, stored items) cannot be served
 * here: such a call gets a message saying so.
 */
export function responsesToChat(request: Json): Json | string {
  if (typeof request.previous_response_id === 'string' && request.previous_response_id !== '')
    return 'previous_response_id needs an OpenAI channel: send the whole conversation in input instead';
  return {
    model: request.model,
    messages: messages(request),
    ...options(request),
    ...tools(request),
    ...streamFields(request.stream === true),
  };
}

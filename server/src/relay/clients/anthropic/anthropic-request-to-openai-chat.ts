import type { Json } from '../../formats/types.ts';
import { ChatHistory, effortForBudget, streamFields, userContent } from '../../formats/chat-history.ts';
import { asArray, asObject, asObjects, asString } from '../../formats/json-read.ts';

/** The text of a string or of a list of blocks (non-text blocks left out). */
const blocksText = (content: unknown, separator = '\n'): string =>
  typeof content === 'string'
    ? content
    : asObjects(content)
        .filter((block) => block.type === 'text')
        .map((block) => asString(block.text))
        .join(separator);

/** An image or document source as a URL: its link, or a data: URL of its bytes. */
function sourceUrl(source: Json | undefined): string | undefined {
  if (source?.type === 'url' && typeof source.url === 'string') return source.url;
  if (source?.type === 'base64' && typeof source.data === 'string')
    return `data:${asString(source.media_type) || 'application/octet-stream'};base64,${source.data}`;
  return undefined;
}

/** An Anthropic user block as OpenAI content parts (tool results are handled by the caller). */
function userPart(block: Json): Json[] {
  switch (block.type) {
    case 'text':
      return [{ type: 'text', text: asString(block.text) }];
    case 'image': {
      const url = sourceUrl(asObject(block.source));
      return url ? [{ type: 'image_url', image_url: { url } }] : [];
    }
    case 'document':
      return documentPart(block);
    default:
      return [];
  }
}

/** PDFs travel as OpenAI file parts; text documents as text; a linked PDF only as its link. */
function documentPart(block: Json): Json[] {
  const source = asObject(block.source);
  const title = asString(block.title);
  if (source?.type === 'text' || source?.type === 'content') {
    const text = source.type === 'text' ? asString(source.data) : blocksText(source.content);
    return [{ type: 'text', text: title ? `${title}\n\n${text}` : text }];
  }
  const url = sourceUrl(source);
  if (!url) return [];
  if (source?.type === 'url')
    return [{ type: 'text', text: `Document${title ? ` "${title}"` : ''}: ${url}` }];
  return [{ type: 'file', file: { filename: title || 'document.pdf', file_data: url } }];
}

/** A tool result's text (images in it are returned apart: tool messages carry text only). */
function toolResult(block: Json): { text: string; images: Json[] } {
  const blocks = typeof block.content === 'string' ? [] : asObjects(block.content);
  const images = blocks.filter((b) => b.type === 'image').flatMap(userPart);
  let text = blocksText(block.content);
  if (images.length > 0) text += `${text ? '\n' : ''}[${images.length} image(s) follow in the next message]`;
  return { text: block.is_error === true ? `Error: ${text}` : text, images };
}

function addUser(history: ChatHistory, content: unknown): void {
  const parts: Json[] = [];
  const toolImages: Json[] = [];
  if (typeof content === 'string') parts.push({ type: 'text', text: content });
  for (const block of asObjects(content)) {
    if (block.type !== 'tool_result') {
      parts.push(...userPart(block));
      continue;
    }
    const { text, images } = toolResult(block);
    history.addToolResult(asString(block.tool_use_id), text);
    toolImages.push(...images);
  }
  const converted = userContent([...toolImages, ...parts]);
  if (converted !== undefined) history.add({ role: 'user', content: converted });
}

/** Text and tool calls of an assistant turn; thinking and server-tool blocks stay behind. */
function addAssistant(history: ChatHistory, content: unknown): void {
  const text = blocksText(content);
  const toolCalls = asObjects(content)
    .filter((block) => block.type === 'tool_use')
    .map((block) => ({
      id: asString(block.id),
      type: 'function',
      function: { name: asString(block.name), arguments: JSON.stringify(block.input ?? {}) },
    }));
  if (toolCalls.length > 0) history.add({ role: 'assistant', content: text || null, tool_calls: toolCalls });
  else if (text.trim() !== '') history.add({ role: 'assistant', content: text });
}

/** Client tools become functions; server tools (with a `type` such as web_search_20250305) cannot. */
function convertTools(request: Json): Json {
  const tools = asObjects(request.tools)
    .filter((tool) => tool.type === undefined || tool.type === 'custom')
    .map((tool) => ({
      type: 'function',
      function: {
        name: asString(tool.name),
        ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
        parameters: asObject(tool.input_schema) ?? { type: 'object', properties: {} },
      },
    }));
  if (tools.length === 0) return {};
  const choice = asObject(request.tool_choice);
  const toolChoice =
    choice?.type === 'any'
      ? 'required'
      : choice?.type === 'none'
        ? 'none'
        : choice?.type === 'tool'
          ? { type: 'function', function: { name: asString(choice.name) } }
          : choice?.type === 'auto'
            ? 'auto'
            : undefined;
  return {
    tools,
    ...(toolChoice !== undefined ? { tool_choice: toolChoice } : {}),
    ...(choice?.disable_parallel_tool_use === true ? { parallel_tool_calls: false } : {}),
  };
}

/**
 * The reasoning effort: from a thinking budget, else from `output_config.effort` (what Claude Code
 * sends with adaptive thinking; max and xhigh have no OpenAI equivalent above high).
 */
function reasoningEffort(request: Json): string | undefined {
  const thinking = asObject(request.thinking);
  if (thinking?.type === 'disabled') return undefined;
  if (thinking?.type === 'enabled' && typeof thinking.budget_tokens === 'number')
    return effortForBudget(thinking.budget_tokens);
  const effort = asString(asObject(request.output_config)?.effort);
  if (effort === 'low' || effort === 'medium' || effort === 'high') return effort;
  return effort === 'max' || effort === 'xhigh' ? 'high' : undefined;
}

/** Structured output (`output_config.format`, or the older `output_format`) as a response format. */
function responseFormat(request: Json): Json | undefined {
  const format = asObject(asObject(request.output_config)?.format) ?? asObject(request.output_format);
  const schema = asObject(format?.schema);
  if (format?.type !== 'json_schema' || !schema) return undefined;
  return { type: 'json_schema', json_schema: { name: 'output', schema } };
}

/** Sampling and limits: the fields with an OpenAI chat equivalent. */
function convertOptions(request: Json): Json {
  const out: Json = {};
  if (typeof request.max_tokens === 'number') out.max_tokens = request.max_tokens;
  if (typeof request.temperature === 'number') out.temperature = request.temperature;
  if (typeof request.top_p === 'number') out.top_p = request.top_p;
  if (asArray(request.stop_sequences).length > 0) out.stop = request.stop_sequences;
  const effort = reasoningEffort(request);
  if (effort) out.reasoning_effort = effort;
  const format = responseFormat(request);
  if (format) out.response_format = format;
  return out;
}

/**
 * An Anthropic Messages request as an OpenAI chat request. All system text (the `system` field and
 * any role:'system' messages, which Claude Code sends) becomes one system message first; tool
 * results become tool messages right after the call; thinking is left out of the history.
 */
export function anthropicToOpenAIChat(request: Json): Json {
  const messages = asObjects(request.messages);
  const system = [
    blocksText(request.system),
    ...messages.filter((m) => m.role === 'system').map((m) => blocksText(m.content)),
  ]
    .filter((text) => text.trim() !== '')
    .join('\n\n');
  const history = new ChatHistory();
  if (system) history.add({ role: 'system', content: system });
  for (const message of messages) {
    if (message.role === 'user') addUser(history, message.content);
    else if (message.role === 'assistant') addAssistant(history, message.content);
  }
  return {
    model: request.model,
    messages: history.messages(),
    ...convertOptions(request),
    ...convertTools(request),
    ...streamFields(request.stream === true),
  };
}

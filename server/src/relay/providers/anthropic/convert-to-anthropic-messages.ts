import type { Json } from '../../formats/types.ts';
import { asArray, asObject, asString, parseArguments } from '../../formats/json-read.ts';
import { plainMessageText } from '../../formats/openai-chat-read.ts';

/** An OpenAI conversation in Anthropic's terms: the system text, and alternating turns. */
export interface AnthropicPrompt {
  system: string[];
  messages: Json[];
}

/** Anthropic rejects text blocks that are empty or only whitespace. */
const textBlock = (text: string): Json[] => (text.trim() === '' ? [] : [{ type: 'text', text }]);

/** Anthropic ids are [a-zA-Z0-9_-]; a tool_use and its tool_result are renamed alike. */
export const toAnthropicToolId = (id: unknown): string => asString(id).replace(/[^a-zA-Z0-9_-]/g, '_');

const DATA_URL = /^data:([^;,]+)(?:;[^;,]*)*;base64,(.*)$/s;

/** A data: URL (base64) or an http(s) link as the source of an image or document block. */
function mediaSource(url: string): Json | undefined {
  const data = DATA_URL.exec(url);
  if (data) return { type: 'base64', media_type: data[1]!.toLowerCase(), data: data[2]! };
  if (/^https?:\/\//i.test(url)) return { type: 'url', url };
  return undefined;
}

/** One OpenAI content part as Anthropic blocks (none for an empty text or an unsupported part). */
function partBlocks(part: Json): Json[] {
  switch (part.type) {
    case 'text':
    case 'refusal':
      return textBlock(asString(part.text ?? part.refusal));
    case 'image_url': {
      const image = part.image_url;
      const source = mediaSource(typeof image === 'string' ? image : asString(asObject(image)?.url));
      return source ? [{ type: 'image', source }] : [];
    }
    case 'file': {
      // A PDF sent inline (file_data as a data: URL); uploaded file ids are OpenAI's own.
      const source = mediaSource(asString(asObject(part.file)?.file_data));
      return source?.media_type === 'application/pdf' ? [{ type: 'document', source }] : [];
    }
    default:
      return []; // input_audio and the like: Anthropic takes no audio
  }
}

/** A message's content (a string or a list of parts) as Anthropic blocks. */
const contentBlocks = (content: unknown): Json[] =>
  typeof content === 'string'
    ? textBlock(content)
    : asArray(content).flatMap((part) => partBlocks(asObject(part) ?? {}));

function assistantBlocks(message: Json): Json[] {
  const toolUses = asArray(message.tool_calls).flatMap((item) => {
    const call = asObject(item);
    const fn = asObject(call?.function);
    if (!call || !fn) return [];
    return [
      {
        type: 'tool_use',
        id: toAnthropicToolId(call.id),
        name: asString(fn.name),
        input: parseArguments(fn.arguments),
      },
    ];
  });
  return [...contentBlocks(message.content), ...toolUses];
}

function toolResultBlock(message: Json): Json {
  const block: Json = { type: 'tool_result', tool_use_id: toAnthropicToolId(message.tool_call_id) };
  // Empty content is left out rather than sent as an empty text.
  if (typeof message.content === 'string') {
    if (message.content.trim() !== '') block.content = message.content;
  } else {
    const content = contentBlocks(message.content);
    if (content.length > 0) block.content = content;
  }
  return block;
}

/**
 * OpenAI chat messages as Anthropic's system and messages.
 * - system and developer messages, wherever they stand, go to the system text;
 * - tool messages become tool_result blocks of a user turn;
 * - Anthropic wants user and assistant turns to alternate, so consecutive turns of one role are
 *   merged (consecutive tool results make one user turn), and in a user turn the tool results
 *   come first, as Anthropic requires;
 * - messages with nothing to send (empty text) are dropped, never sent as empty blocks, and a
 *   closing assistant turn (a prefill) loses its trailing whitespace, which Anthropic refuses.
 */
export function toAnthropicPrompt(openaiMessages: unknown): AnthropicPrompt {
  const system: string[] = [];
  const messages: Json[] = [];
  const append = (role: 'user' | 'assistant', blocks: Json[]) => {
    if (blocks.length === 0) return;
    const last = messages.at(-1);
    if (last?.role === role) (last.content as Json[]).push(...blocks);
    else messages.push({ role, content: blocks });
  };
  for (const item of asArray(openaiMessages)) {
    const message = asObject(item) ?? {};
    switch (message.role) {
      case 'system':
      case 'developer': {
        const text = plainMessageText(message.content);
        if (text.trim() !== '') system.push(text);
        break;
      }
      case 'user':
        append('user', contentBlocks(message.content));
        break;
      case 'assistant':
        append('assistant', assistantBlocks(message));
        break;
      case 'tool':
        append('user', [toolResultBlock(message)]);
        break;
    }
  }
  for (const message of messages) {
    if (message.role === 'user') (message.content as Json[]).sort(toolResultsFirst);
  }
  trimPrefill(messages.at(-1));
  return { system, messages };
}

/**
 * Whether the conversation goes on from tool results: its last turn is a user turn holding
 * tool_result blocks, so the assistant turn before it (with the tool_use blocks) is still open.
 */
export const continuesToolLoop = (messages: Json[]): boolean => {
  const last = messages.at(-1);
  return last?.role === 'user' && (last.content as Json[]).some((block) => block.type === 'tool_result');
};

const toolResultsFirst = (a: Json, b: Json) =>
  Number(b.type === 'tool_result') - Number(a.type === 'tool_result');

function trimPrefill(last: Json | undefined) {
  if (last?.role !== 'assistant') return;
  const blocks = last.content as Json[];
  const tail = blocks.at(-1);
  if (tail?.type !== 'text') return;
  tail.text = asString(tail.text).trimEnd();
}

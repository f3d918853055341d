import { asObject, asObjects, asString, parseArguments } from '../../formats/json-read.ts';
import { plainMessageText } from '../../formats/openai-chat-read.ts';
import type { Json } from '../../formats/types.ts';
import { toAnthropicToolId } from '../anthropic/convert-to-anthropic-messages.ts';

/** An OpenAI conversation in Converse's terms: the system blocks, and alternating user and assistant turns. */
export interface BedrockPrompt {
  system: Json[];
  messages: Json[];
}

const DATA_URL = /^data:([^;,]+)(?:;[^;,]*)*;base64,(.*)$/s;
const IMAGE_FORMATS = new Set(['png', 'jpeg', 'gif', 'webp']);

/** Converse refuses empty text blocks. */
const textBlocks = (text: string): Json[] => (text.trim() === '' ? [] : [{ text }]);

/** An image part as a Converse image block; Converse takes images inline (bytes) only, so a link is refused. */
function imageBlock(part: Json): Json | string {
  const image = part.image_url;
  const url = typeof image === 'string' ? image : asString(asObject(image)?.url);
  const data = DATA_URL.exec(url);
  const format = data?.[1]
    ?.toLowerCase()
    .replace(/^image\//, '')
    .replace('jpg', 'jpeg');
  if (!data || !format || !IMAGE_FORMATS.has(format))
    return 'AWS Bedrock takes images inline only: send each as a data: URL (png, jpeg, gif or webp)';
  return { image: { format, source: { bytes: data[2]! } } };
}

/** A message's content as Converse blocks: text and images. */
function contentBlocks(content: unknown): Json[] | string {
  if (typeof content === 'string') return textBlocks(content);
  const blocks: Json[] = [];
  for (const part of asObjects(content)) {
    if (part.type === 'image_url') {
      const block = imageBlock(part);
      if (typeof block === 'string') return block;
      blocks.push(block);
    } else blocks.push(...textBlocks(asString(part.text ?? part.refusal)));
  }
  return blocks;
}

/** An assistant turn: its text, then its tool calls as toolUse blocks. */
function assistantBlocks(message: Json): Json[] | string {
  const blocks = contentBlocks(message.content);
  if (typeof blocks === 'string') return blocks;
  for (const call of asObjects(message.tool_calls)) {
    const fn = asObject(call.function) ?? {};
    blocks.push({
      toolUse: {
        toolUseId: toAnthropicToolId(call.id),
        name: asString(fn.name),
        input: parseArguments(fn.arguments),
      },
    });
  }
  return blocks;
}

/** A tool message as the toolResult block of a user turn. */
const toolResultBlock = (message: Json): Json => ({
  toolResult: {
    toolUseId: toAnthropicToolId(message.tool_call_id),
    content: [{ text: plainMessageText(message.content) || '(empty)' }],
  },
});

/**
 * OpenAI chat messages as a Converse prompt: system and developer messages → system blocks; user
 * and assistant turns (tool calls as toolUse); tool results as toolResult blocks of a user turn.
 * Consecutive turns of one role are merged, as Converse wants them alternating. A part Converse
 * cannot take (an image link) gives the reason instead.
 */
export function toBedrockPrompt(messages: unknown): BedrockPrompt | string {
  const prompt: BedrockPrompt = { system: [], messages: [] };
  for (const message of asObjects(messages)) {
    if (message.role === 'system' || message.role === 'developer') {
      prompt.system.push(...textBlocks(plainMessageText(message.content)));
      continue;
    }
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks =
      message.role === 'tool'
        ? [toolResultBlock(message)]
        : role === 'assistant'
          ? assistantBlocks(message)
          : contentBlocks(message.content);
    if (typeof blocks === 'string') return blocks;
    if (blocks.length === 0) continue;
    const last = prompt.messages.at(-1);
    if (last?.role === role) (last.content as Json[]).push(...blocks);
    else prompt.messages.push({ role, content: blocks });
  }
  return prompt;
}

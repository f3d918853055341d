import { randomUUID } from 'node:crypto';
import { asObject, asObjects, asString } from '../../formats/json-read.ts';
import { plainMessageText } from '../../formats/openai-chat-read.ts';
import type { Json } from '../../formats/types.ts';

/** A user's text and images as Coze's object_string content (images by address). */
function objectString(parts: Json[]): string {
  const items = parts.flatMap((part): Json[] => {
    if (part.type === 'text') return [{ type: 'text', text: asString(part.text) }];
    if (part.type !== 'image_url') return [];
    return [{ type: 'image', file_url: asString(asObject(part.image_url)?.url ?? part.image_url) }];
  });
  return JSON.stringify(items);
}

function toCozeMessage(message: Json): Json {
  const role = asString(message.role);
  const parts = asObjects(message.content);
  if (role === 'user' && parts.some((part) => part.type === 'image_url'))
    return { role, type: 'question', content: objectString(parts), content_type: 'object_string' };
  const type = role === 'assistant' ? 'answer' : 'question';
  return { role, type, content: plainMessageText(message.content), content_type: 'text' };
}

/**
 * An OpenAI chat request as a Coze v3 chat (POST /v3/chat) with the given bot: the user and
 * assistant turns as additional messages (the bot keeps its own prompt, so system turns are left
 * out, as new-api does), the caller's `user` (else one per call), always streamed: Coze's
 * non-streamed chat answers only "in progress" and must be polled, so a call that asked for no
 * stream is assembled from the stream instead.
 */
export function toCozeChat(request: Json, botId: string): Json {
  const turns = asObjects(request.messages).filter((message) =>
    ['user', 'assistant'].includes(asString(message.role)),
  );
  return {
    bot_id: botId,
    user_id: asString(request.user) || `relaygate-${randomUUID()}`,
    stream: true,
    additional_messages: turns.map(toCozeMessage),
  };
}

import { randomUUID } from 'node:crypto';
import { asObject, asObjects, asString } from '../../formats/json-read.ts';
import { plainMessageText } from '../../formats/openai-chat-read.ts';
import type { Json } from '../../formats/types.ts';

const SPEAKERS: Record<string, string> = { system: 'SYSTEM', developer: 'SYSTEM', assistant: 'ASSISTANT' };

/** The images of a message given by address; Dify fetches them (an inline image would need an upload first). */
function remoteImages(content: unknown): Json[] | string {
  const images = asObjects(content).filter((part) => part.type === 'image_url');
  const urls = images.map((part) => asString(asObject(part.image_url)?.url ?? part.image_url));
  if (urls.some((url) => !/^https?:\/\//i.test(url)))
    return 'a dify channel takes images by http(s) address only, not inline data';
  return urls.map((url) => ({ type: 'image', transfer_mode: 'remote_url', url }));
}

/**
 * An OpenAI chat request as a Dify app's chat message (POST /v1/chat-messages), as new-api sends
 * it: the whole conversation as one query, each turn marked with its speaker (a Dify app keeps
 * its own prompt and model), images by address as files, the caller's `user` (else one per call).
 */
export function toDifyChat(request: Json): Json | string {
  const files: Json[] = [];
  let query = '';
  for (const message of asObjects(request.messages)) {
    const role = asString(message.role);
    query += `${SPEAKERS[role] ?? 'USER'}: \n${plainMessageText(message.content)}\n`;
    if (role !== 'user') continue;
    const images = remoteImages(message.content);
    if (typeof images === 'string') return images;
    files.push(...images);
  }
  return {
    inputs: {},
    query,
    response_mode: request.stream === true ? 'streaming' : 'blocking',
    user: asString(request.user) || `relaygate-${randomUUID()}`,
    auto_generate_name: false,
    ...(files.length > 0 ? { files } : {}),
  };
}

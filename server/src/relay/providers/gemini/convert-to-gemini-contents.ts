import type { Json } from '../../formats/types.ts';
import { asArray, asObject, asOptionalString, parseArguments, parseJson } from '../../formats/json-read.ts';
import { dataUrlToGeminiPart, imageUrlToGeminiPart } from './openai-media-to-gemini-part.ts';

/**
 * OpenAI clients do not carry Gemini's thought signatures, and Gemini 3 refuses a history whose
 * function calls have none. Google documents this value for history the model did not sign.
 */
export const SKIP_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

type Role = 'user' | 'model';

export interface GeminiContents {
  contents: Json[];
  systemInstruction?: Json;
}

/** The text of a message's content: the string itself, or its text (and refusal) parts joined. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .map((part) => asObject(part))
    .map((part) => asOptionalString(part?.text) ?? asOptionalString(part?.refusal) ?? '')
    .join('');
}

function textParts(content: unknown): Json[] {
  if (typeof content === 'string') return content ? [{ text: content }] : [];
  return asArray(content).flatMap((raw) => {
    const text = asOptionalString(asObject(raw)?.text);
    return text ? [{ text }] : [];
  });
}

function userPart(raw: unknown): Json | undefined {
  const part = asObject(raw);
  switch (part?.type) {
    case 'text':
      return asOptionalString(part.text) ? { text: part.text } : undefined;
    case 'image_url': {
      const url = asOptionalString(part.image_url) ?? asOptionalString(asObject(part.image_url)?.url);
      return url ? imageUrlToGeminiPart(url) : undefined;
    }
    case 'input_audio': {
      const audio = asObject(part.input_audio);
      const data = asOptionalString(audio?.data);
      return data
        ? { inlineData: { mimeType: `audio/${asOptionalString(audio?.format) ?? 'wav'}`, data } }
        : undefined;
    }
    case 'file': {
      const data = asOptionalString(asObject(part.file)?.file_data);
      return data ? dataUrlToGeminiPart(data) : undefined;
    }
    default:
      return undefined;
  }
}

function userParts(content: unknown): Json[] {
  if (typeof content === 'string') return content ? [{ text: content }] : [];
  return asArray(content).flatMap((raw): Json[] => {
    const part = userPart(raw);
    return part ? [part] : [];
  });
}

function assistantParts(message: Json, callNames: Map<string, string>): Json[] {
  const text = contentText(message.content);
  const parts: Json[] = text ? [{ text }] : [];
  for (const raw of asArray(message.tool_calls)) {
    const call = asObject(raw);
    const fn = asObject(call?.function);
    const name = asOptionalString(fn?.name);
    if (!call || !fn || !name) continue;
    const id = asOptionalString(call.id);
    if (id) callNames.set(id, name);
    const first = !parts.some((part) => part.functionCall);
    const part: Json = { functionCall: { name, args: parseArguments(fn.arguments) } };
    parts.push(first ? { ...part, thoughtSignature: SKIP_THOUGHT_SIGNATURE } : part);
  }
  return parts;
}

/** A tool result → a functionResponse, named after the assistant tool call it answers. */
function functionResponsePart(message: Json, callNames: Map<string, string>): Json {
  const id = asOptionalString(message.tool_call_id);
  const name =
    (id === undefined ? undefined : callNames.get(id)) ?? asOptionalString(message.name) ?? 'unknown';
  const text = contentText(message.content);
  const parsed = parseJson(text);
  return { functionResponse: { name, response: { content: parsed === undefined ? text : parsed } } };
}

/**
 * OpenAI chat messages → Gemini contents and systemInstruction. System and developer messages
 * become the system instruction; tool results become functionResponse parts of a user turn;
 * consecutive turns of the same role are merged (parallel tool results make one turn).
 */
export function toGeminiContents(messages: unknown): GeminiContents {
  const system: Json[] = [];
  const contents: { role: Role; parts: Json[] }[] = [];
  const callNames = new Map<string, string>();
  const add = (role: Role, parts: Json[]): void => {
    if (parts.length === 0) return;
    const last = contents.at(-1);
    if (last?.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  };
  for (const raw of asArray(messages)) {
    const message = asObject(raw);
    switch (message?.role) {
      case 'system':
      case 'developer':
        system.push(...textParts(message.content));
        break;
      case 'user':
        add('user', userParts(message.content));
        break;
      case 'assistant':
        add('model', assistantParts(message, callNames));
        break;
      case 'tool':
      case 'function':
        add('user', [functionResponsePart(message, callNames)]);
        break;
    }
  }
  return system.length > 0 ? { contents, systemInstruction: { parts: system } } : { contents };
}

import type { Json } from '../../formats/types.ts';
import { ChatHistory, effortForBudget, streamFields, userContent } from '../../formats/chat-history.ts';
import { geminiSchemaToJsonSchema } from './gemini-schema.ts';
import { asArray, asObject, asObjects, asString, field } from '../../formats/json-read.ts';

const partsOf = (content: unknown): Json[] => asObjects(field(asObject(content), 'parts'));

/** The text of a Content (thoughts left out), or of a plain string. */
const textOf = (content: unknown, separator = ''): string =>
  typeof content === 'string'
    ? content
    : partsOf(content)
        .filter((part) => part.thought !== true)
        .map((part) => asString(part.text))
        .join(separator);

/** inlineData (bytes) or fileData (a link) as an OpenAI content part. */
function mediaPart(part: Json): Json[] {
  const inline = asObject(field(part, 'inlineData'));
  const file = asObject(field(part, 'fileData'));
  const mime = asString(field(inline ?? file, 'mimeType'));
  if (inline) {
    const data = asString(inline.data);
    const audio = /^audio\/(wav|x-wav|mp3|mpeg)$/.exec(mime);
    if (audio)
      return [
        { type: 'input_audio', input_audio: { data, format: audio[1].endsWith('wav') ? 'wav' : 'mp3' } },
      ];
    const url = `data:${mime || 'application/octet-stream'};base64,${data}`;
    if (mime === '' || mime.startsWith('image/')) return [{ type: 'image_url', image_url: { url } }];
    return [{ type: 'file', file: { filename: `file.${mime.split('/')[1] ?? 'bin'}`, file_data: url } }];
  }
  const uri = asString(field(file, 'fileUri'));
  if (!uri) return [];
  if (mime === '' || mime.startsWith('image/')) return [{ type: 'image_url', image_url: { url: uri } }];
  return [{ type: 'text', text: `File (${mime}): ${uri}` }];
}

/** Tool call ids for a conversation that has none: `call_<n>` in order, results matched by name. */
class CallIds {
  private count = 0;
  private readonly waiting = new Map<string, string[]>();
  private readonly byGeminiId = new Map<string, string>();

  forCall(name: string, geminiId: string): string {
    const id = `call_${++this.count}`;
    this.waiting.set(name, [...(this.waiting.get(name) ?? []), id]);
    if (geminiId) this.byGeminiId.set(geminiId, id);
    return id;
  }

  forResult(name: string, geminiId: string): string {
    const queue = this.waiting.get(name) ?? [];
    const id = this.byGeminiId.get(geminiId) ?? queue[0] ?? `call_${name}`;
    this.waiting.set(
      name,
      queue.filter((waiting) => waiting !== id),
    );
    return id;
  }
}

function addModelTurn(history: ChatHistory, ids: CallIds, content: Json): void {
  const text = textOf(content);
  const toolCalls = partsOf(content).flatMap((part) => {
    const call = asObject(field(part, 'functionCall'));
    if (!call) return [];
    const name = asString(call.name);
    return [
      {
        id: ids.forCall(name, asString(call.id)),
        type: 'function',
        function: { name, arguments: JSON.stringify(call.args ?? {}) },
      },
    ];
  });
  if (toolCalls.length > 0) history.add({ role: 'assistant', content: text || null, tool_calls: toolCalls });
  else if (text.trim() !== '') history.add({ role: 'assistant', content: text });
}

function addUserTurn(history: ChatHistory, ids: CallIds, content: Json): void {
  const parts: Json[] = [];
  for (const part of partsOf(content)) {
    const response = asObject(field(part, 'functionResponse'));
    if (response) {
      const id = ids.forResult(asString(response.name), asString(response.id));
      history.addToolResult(id, JSON.stringify(response.response ?? {}));
    } else if (typeof part.text === 'string' && part.thought !== true)
      parts.push({ type: 'text', text: part.text });
    else parts.push(...mediaPart(part));
  }
  const converted = userContent(parts);
  if (converted !== undefined) history.add({ role: 'user', content: converted });
}

function convertTools(request: Json): Json {
  const tools = asObjects(request.tools)
    .flatMap((tool) => asObjects(field(tool, 'functionDeclarations')))
    .map((fn) => {
      const schema = field(fn, 'parametersJsonSchema') ?? geminiSchemaToJsonSchema(fn.parameters);
      return {
        type: 'function',
        function: {
          name: asString(fn.name),
          ...(typeof fn.description === 'string' ? { description: fn.description } : {}),
          parameters: asObject(schema) ?? { type: 'object', properties: {} },
        },
      };
    });
  if (tools.length === 0) return {};
  const config = asObject(field(asObject(field(request, 'toolConfig')), 'functionCallingConfig'));
  const allowed = asArray(field(config, 'allowedFunctionNames'));
  const mode = asString(config?.mode).toUpperCase();
  const choice =
    mode === 'NONE'
      ? 'none'
      : mode === 'ANY' && allowed.length === 1
        ? { type: 'function', function: { name: String(allowed[0]) } }
        : mode === 'ANY'
          ? 'required'
          : mode === 'AUTO' || mode === 'VALIDATED'
            ? 'auto'
            : undefined;
  return { tools, ...(choice !== undefined ? { tool_choice: choice } : {}) };
}

/** generationConfig fields with an OpenAI chat equivalent. */
function convertGenerationConfig(request: Json): Json {
  const config = asObject(field(request, 'generationConfig'));
  const out: Json = {};
  const copy = (from: string, to: string) => {
    const value = field(config, from);
    if (typeof value === 'number') out[to] = value;
  };
  copy('temperature', 'temperature');
  copy('topP', 'top_p');
  copy('maxOutputTokens', 'max_tokens');
  copy('candidateCount', 'n');
  copy('presencePenalty', 'presence_penalty');
  copy('frequencyPenalty', 'frequency_penalty');
  copy('seed', 'seed');
  const stop = asArray(field(config, 'stopSequences'));
  if (stop.length > 0) out.stop = stop;
  if (field(config, 'responseMimeType') === 'application/json') {
    const schema =
      field(config, 'responseJsonSchema') ?? geminiSchemaToJsonSchema(field(config, 'responseSchema'));
    out.response_format = asObject(schema)
      ? { type: 'json_schema', json_schema: { name: 'response', schema } }
      : { type: 'json_object' };
  }
  const thinking = asObject(field(config, 'thinkingConfig'));
  const budget = field(thinking, 'thinkingBudget');
  const level = asString(field(thinking, 'thinkingLevel')).toLowerCase();
  if (typeof budget === 'number' && budget > 0) out.reasoning_effort = effortForBudget(budget);
  else if (level === 'low' || level === 'medium' || level === 'high') out.reasoning_effort = level;
  return out;
}

/**
 * A Gemini generateContent request as an OpenAI chat request for `model` (Gemini names the model in
 * the URL). `stream` is set for :streamGenerateContent, which the request body does not say.
 */
export function geminiToOpenAIChat(request: Json, model: string, stream = false): Json {
  const history = new ChatHistory();
  const system = textOf(field(request, 'systemInstruction'), '\n');
  if (system.trim() !== '') history.add({ role: 'system', content: system });
  const ids = new CallIds();
  for (const content of asObjects(request.contents)) {
    if (content.role === 'model') addModelTurn(history, ids, content);
    else addUserTurn(history, ids, content);
  }
  return {
    model,
    messages: history.messages(),
    ...convertGenerationConfig(request),
    ...convertTools(request),
    ...streamFields(stream),
  };
}

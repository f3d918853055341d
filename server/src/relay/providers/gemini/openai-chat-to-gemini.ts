import { asArray, asNumber, asObject, asOptionalString } from '../../formats/json-read.ts';
import type { Json } from '../../formats/types.ts';
import { cleanGeminiSchema } from './clean-gemini-schema.ts';
import { toGeminiContents } from './convert-to-gemini-contents.ts';
import { geminiSafetySettings } from './gemini-safety-settings.ts';
import { geminiThinkingConfig } from './gemini-thinking.ts';
import { toGeminiToolConfig, toGeminiTools } from './prepare-gemini-tools.ts';

export { geminiThinkingFromModel } from './gemini-thinking.ts';

export interface GeminiRequestOptions {
  /** Option gemini.safety_settings: category → threshold; `default` covers the standard categories. */
  safetySettings: Record<string, string>;
  /** The model name sent upstream (after model mapping), whose thinking suffix applies; request.model by default. */
  upstreamModel?: string;
  /** The client's own thinking budget in tokens (Anthropic budget_tokens), kept exact rather than via an effort. */
  thinkingBudget?: number;
}

/** Gemini takes at most five stop sequences. */
const MAX_STOP_SEQUENCES = 5;

function stopSequences(stop: unknown): string[] | undefined {
  const list = (typeof stop === 'string' ? [stop] : asArray(stop)).filter(
    (s): s is string => typeof s === 'string' && s !== '',
  );
  return list.length > 0 ? list.slice(0, MAX_STOP_SEQUENCES) : undefined;
}

/** response_format → responseMimeType (and responseSchema for json_schema). */
function responseFormat(format: unknown): Json {
  const value = asObject(format);
  if (value?.type === 'json_object') return { responseMimeType: 'application/json' };
  if (value?.type !== 'json_schema') return {};
  const schema = asObject(asObject(value.json_schema)?.schema);
  return schema
    ? { responseMimeType: 'application/json', responseSchema: cleanGeminiSchema(schema) }
    : { responseMimeType: 'application/json' };
}

function generationConfig(request: Json, model: string | undefined, thinkingBudget?: number): Json {
  const config: Json = {
    temperature: asNumber(request.temperature),
    topP: asNumber(request.top_p),
    maxOutputTokens: asNumber(request.max_completion_tokens) ?? asNumber(request.max_tokens),
    stopSequences: stopSequences(request.stop),
    candidateCount: asNumber(request.n),
    seed: asNumber(request.seed),
    ...responseFormat(request.response_format),
    thinkingConfig: geminiThinkingConfig(model, request.reasoning_effort, thinkingBudget),
  };
  return Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined));
}

/**
 * An OpenAI chat completions request → a Gemini generateContent request body. The model name
 * (and stream) are not part of the body: the caller puts geminiThinkingFromModel(model).model in
 * the URL and picks generateContent or streamGenerateContent?alt=sse. tool_choice is sent only
 * with tools.
 */
export function toGeminiRequest(request: Json, options: GeminiRequestOptions): Json {
  const { contents, systemInstruction } = toGeminiContents(request.messages);
  const body: Json = { contents };
  if (systemInstruction) body.systemInstruction = systemInstruction;
  const tools = toGeminiTools(request.tools);
  const toolConfig = tools && toGeminiToolConfig(request.tool_choice);
  if (tools) body.tools = tools;
  if (toolConfig) body.toolConfig = toolConfig;
  const config = generationConfig(
    request,
    options.upstreamModel ?? asOptionalString(request.model),
    options.thinkingBudget,
  );
  if (Object.keys(config).length > 0) body.generationConfig = config;
  const safetySettings = geminiSafetySettings(options.safetySettings);
  if (safetySettings) body.safetySettings = safetySettings;
  return body;
}

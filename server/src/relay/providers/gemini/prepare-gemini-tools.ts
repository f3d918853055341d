import { asArray, asObject, asOptionalString } from '../../formats/json-read.ts';
import type { Json } from '../../formats/types.ts';
import { cleanGeminiSchema } from './clean-gemini-schema.ts';

/**
 * Function parameters as Gemini takes them: cleaned of refused keys, and left out for an object
 * schema without properties, which Gemini refuses ("properties: should be non-empty").
 */
function geminiParameters(parameters: unknown): Json | undefined {
  const schema = asObject(parameters);
  if (!schema) return undefined;
  const properties = asObject(schema.properties);
  if (schema.type === 'object' && (!properties || Object.keys(properties).length === 0)) return undefined;
  return cleanGeminiSchema(schema);
}

/** OpenAI `tools` → Gemini `tools` (one functionDeclarations entry); undefined when there are none. */
export function toGeminiTools(tools: unknown): Json[] | undefined {
  const declarations: Json[] = [];
  for (const tool of asArray(tools)) {
    const fn = asObject(asObject(tool)?.function);
    const name = asOptionalString(fn?.name);
    if (!fn || !name) continue; // only function tools have a Gemini counterpart
    const declaration: Json = { name };
    const description = asOptionalString(fn.description);
    if (description) declaration.description = description;
    const parameters = geminiParameters(fn.parameters);
    if (parameters) declaration.parameters = parameters;
    declarations.push(declaration);
  }
  return declarations.length > 0 ? [{ functionDeclarations: declarations }] : undefined;
}

const MODES: ReadonlyMap<string, string> = new Map([
  ['auto', 'AUTO'],
  ['none', 'NONE'],
  ['required', 'ANY'],
]);

/**
 * OpenAI `tool_choice` → Gemini `toolConfig`: auto → AUTO, none → NONE, required → ANY, and a
 * named function → ANY restricted to that function. Undefined for an absent or unknown choice.
 */
export function toGeminiToolConfig(toolChoice: unknown): Json | undefined {
  const mode = typeof toolChoice === 'string' ? MODES.get(toolChoice) : undefined;
  if (mode) return { functionCallingConfig: { mode } };
  const name = asOptionalString(asObject(asObject(toolChoice)?.function)?.name);
  if (name) return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [name] } };
  return undefined;
}

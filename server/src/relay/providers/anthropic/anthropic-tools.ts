import { asArray, asObject, asString } from '../../formats/json-read.ts';
import type { Json } from '../../formats/types.ts';

/**
 * OpenAI function tools as Anthropic tools: {name, description, input_schema}. Anthropic wants an
 * object schema: a tool without parameters gets an empty one. Other tool kinds (OpenAI's built-in
 * tools) have no Anthropic counterpart here and are left out. Undefined when no tool is left.
 */
export function toAnthropicTools(tools: unknown): Json[] | undefined {
  const converted = asArray(tools).flatMap((item) => {
    const tool = asObject(item);
    const fn = asObject(tool?.function);
    if (!fn || (tool?.type !== undefined && tool.type !== 'function') || asString(fn.name) === '') return [];
    const schema = asObject(fn.parameters) ?? {};
    const anthropicTool: Json = {
      name: fn.name,
      input_schema: { ...schema, type: 'object', properties: asObject(schema.properties) ?? {} },
    };
    if (asString(fn.description) !== '') anthropicTool.description = fn.description;
    return [anthropicTool];
  });
  return converted.length > 0 ? converted : undefined;
}

/**
 * OpenAI's tool_choice as Anthropic's: auto, none, required → any, a named function → tool.
 * parallel_tool_calls: false becomes disable_parallel_tool_use (on auto when no choice is given).
 */
export function toAnthropicToolChoice(toolChoice: unknown, parallelToolCalls: unknown): Json | undefined {
  let choice: Json | undefined;
  if (toolChoice === 'auto') choice = { type: 'auto' };
  else if (toolChoice === 'none') return { type: 'none' };
  else if (toolChoice === 'required') choice = { type: 'any' };
  else {
    const name = asString(asObject(asObject(toolChoice)?.function)?.name);
    if (name !== '') choice = { type: 'tool', name };
  }
  if (parallelToolCalls === false)
    return { ...(choice ?? { type: 'auto' }), disable_parallel_tool_use: true };
  return choice;
}

/** Whether a tool choice makes the model call a tool (Anthropic refuses that with thinking on). */
export const forcesToolUse = (choice: Json | undefined): boolean =>
  choice?.type === 'any' || choice?.type === 'tool';

import { asArray, asNumber, asObject, asObjects, asString } from '../../formats/json-read.ts';
import { argumentsText, plainMessageText, readToolCalls } from '../../formats/openai-chat-read.ts';
import type { Json } from '../../formats/types.ts';

const ROLES: Record<string, string> = { developer: 'system' };

/** A user's text and images as Hunyuan's Contents (its vision models take images by address). */
function contents(parts: Json[]): Json[] {
  return parts.flatMap((part): Json[] => {
    if (part.type === 'text') return [{ Type: 'text', Text: asString(part.text) }];
    if (part.type !== 'image_url') return [];
    const url = asString(asObject(part.image_url)?.url ?? part.image_url);
    return [{ Type: 'image_url', ImageUrl: { Url: url } }];
  });
}

function toHunyuanMessage(message: Json): Json {
  const role = ROLES[asString(message.role)] ?? asString(message.role);
  const parts = asObjects(message.content);
  const out: Json =
    role === 'user' && parts.some((part) => part.type === 'image_url')
      ? { Role: role, Contents: contents(parts) }
      : { Role: role, Content: plainMessageText(message.content) };
  if (role === 'tool') out.ToolCallId = asString(message.tool_call_id);
  const calls = readToolCalls(message);
  if (calls.length > 0)
    out.ToolCalls = calls.map((call) => ({
      Id: call.id,
      Type: 'function',
      Function: { Name: call.name, Arguments: argumentsText(call.arguments) },
    }));
  return out;
}

/** OpenAI's function tools as Hunyuan's: the parameters' JSON schema as a string. */
function toHunyuanTool(tool: Json): Json {
  const fn = asObject(tool.function) ?? {};
  return {
    Type: 'function',
    Function: {
      Name: asString(fn.name),
      Description: asString(fn.description),
      Parameters: JSON.stringify(fn.parameters ?? { type: 'object', properties: {} }),
    },
  };
}

/** tool_choice as Hunyuan's ToolChoice (none, auto, or custom with the one tool); it has no "required". */
function toolChoice(choice: unknown, tools: Json[]): Json {
  if (choice === 'none') return { ToolChoice: 'none' };
  const name = asString(asObject(asObject(choice)?.function)?.name);
  const custom = tools.find((tool) => asObject(tool.Function)?.Name === name);
  if (name !== '' && custom) return { ToolChoice: 'custom', CustomTool: custom };
  return choice === undefined ? {} : { ToolChoice: 'auto' };
}

/**
 * An OpenAI chat request as Tencent Hunyuan's ChatCompletions (API 3.0, version 2023-09-01): its
 * PascalCase fields, each turn with its role (a developer message as system), images as Contents,
 * tool calls and results, function tools with their schema as a string, and the sampling fields
 * it takes. It has no token limit to pass on.
 */
export function toHunyuanChat(request: Json, upstreamModel: string): Json {
  const tools = asObjects(request.tools)
    .filter((tool) => tool.type === 'function')
    .map(toHunyuanTool);
  const stop = typeof request.stop === 'string' ? [request.stop] : asArray(request.stop);
  const seed = asNumber(request.seed);
  return {
    Model: upstreamModel,
    Messages: asObjects(request.messages).map(toHunyuanMessage),
    Stream: request.stream === true,
    ...(asNumber(request.temperature) !== undefined && { Temperature: request.temperature }),
    ...(asNumber(request.top_p) !== undefined && { TopP: request.top_p }),
    ...(stop.length > 0 && { Stop: stop }),
    ...(seed !== undefined && { Seed: Math.trunc(seed) }),
    ...(tools.length > 0 && { Tools: tools, ...toolChoice(request.tool_choice, tools) }),
  };
}

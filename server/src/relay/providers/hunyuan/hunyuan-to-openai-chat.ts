import { asNumber, asObject, asObjects, asString } from '../../formats/json-read.ts';
import type { ConvertedAnswer, Json } from '../../formats/types.ts';
import { openAIUsageBody } from '../../answer/usage.ts';
import { fromHunyuanUsage } from './hunyuan-usage.ts';

/** An answer's body: inside Tencent's {"Response": …} envelope, or bare as some examples show it. */
export const hunyuanResponse = (answer: Json): Json => asObject(answer.Response) ?? answer;

/** Hunyuan's tool calls (Id, Type, Function{Name, Arguments}) as OpenAI's. */
export const toOpenAIToolCalls = (calls: unknown): Json[] =>
  asObjects(calls).map((call, index) => {
    const fn = asObject(call.Function);
    return {
      id: asString(call.Id) || `call_${index}`,
      type: 'function',
      function: { name: asString(fn?.Name), arguments: asString(fn?.Arguments) },
    };
  });

/**
 * A Hunyuan ChatCompletions answer as an OpenAI chat completion: the first choice's content, its
 * reasoning and tool calls, the finish reason as Hunyuan names it (stop, tool_calls, sensitive),
 * billed from its Usage.
 */
export function fromHunyuanAnswer(answer: Json, upstreamModel: string): ConvertedAnswer {
  const response = hunyuanResponse(answer);
  const usage = fromHunyuanUsage(response.Usage);
  const choice = asObjects(response.Choices)[0];
  const message = asObject(choice?.Message);
  const out: Json = { role: 'assistant', content: asString(message?.Content) };
  const reasoning = asString(message?.ReasoningContent);
  if (reasoning !== '') out.reasoning_content = reasoning;
  const toolCalls = toOpenAIToolCalls(message?.ToolCalls);
  if (toolCalls.length > 0) out.tool_calls = toolCalls;
  const body: Json = {
    id: asString(response.Id) || asString(response.RequestId),
    object: 'chat.completion',
    created: asNumber(response.Created) ?? Math.floor(Date.now() / 1000),
    model: upstreamModel,
    choices: [{ index: 0, message: out, finish_reason: asString(choice?.FinishReason) || 'stop' }],
  };
  if (usage) body.usage = openAIUsageBody(usage);
  return { body, usage };
}

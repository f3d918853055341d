import { ChatAnthropic } from '@langchain/anthropic';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, HumanMessage, ToolMessage, type AIMessageChunk } from '@langchain/core/messages';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { ChatOpenAI } from '@langchain/openai';
import {
  anyObject,
  BUDGET,
  jsonAnswerSchema,
  parsedOrNot,
  PROMPT,
  thrown,
  toolOf,
  type Ask,
  type Caller,
  type Gateway,
  type Heard,
} from './matrix-callers.ts';
import { HISTORY } from './matrix-history.ts';
import type { Finish } from './matrix-recordings.ts';

/** One of LangChain's chat models: how to make it (asked to reason or not) and where it puts the finish. */
interface LangChainModel {
  name: string;
  responses?: boolean;
  make(gateway: Gateway, model: string, reasoning: boolean): BaseChatModel;
  finishWords: Record<Finish, string | undefined>;
  finishOf(message: AIMessageChunk): unknown;
  /**
   * How the library's stream chunks carry output tokens: as deltas to add up (what concat does), or
   * as a running total whose last value is the answer's (ChatAnthropic: message_delta's count is
   * cumulative, and concat adds message_start's count to it).
   */
  streamedOutput: 'sum' | 'last';
  /** The output tokens the library reports leave reasoning out (and it reports no reasoning tokens). */
  outputWithoutReasoning?: boolean;
  /** How withStructuredOutput is asked for JSON with this model. */
  jsonMethod: 'jsonMode' | 'jsonSchema';
  reads: Caller['reads'];
  thinkingBudget?: number;
}

/** What LangChain hands its user in an AIMessage (or the chunks of a stream joined). */
function heardFrom(model: LangChainModel, message: AIMessageChunk, text: string, lastOutput?: number): Heard {
  const usage = message.usage_metadata;
  // Standard reasoning blocks, or the provider's own thinking blocks where LangChain keeps those.
  const thinking = Array.isArray(message.content)
    ? message.content.map((b) => (b.type === 'thinking' ? String(b.thinking ?? '') : '')).join('')
    : '';
  const reasoning =
    message.contentBlocks.map((b) => (b.type === 'reasoning' ? String(b.reasoning ?? '') : '')).join('') ||
    thinking;
  const output =
    model.streamedOutput === 'last' && lastOutput !== undefined ? lastOutput : usage?.output_tokens;
  return {
    text,
    finish: model.finishOf(message) as string | undefined,
    input: usage?.input_tokens,
    output,
    tools: (message.tool_calls ?? []).map((c) => ({ name: c.name, args: c.args })),
    reasoningText: reasoning || undefined,
    reasoningTokens: usage?.output_token_details?.reasoning,
    json: parsedOrNot(text),
  };
}

async function langChainCall(model: LangChainModel, gateway: Gateway, ask: Ask): Promise<Heard> {
  const chat = model.make(gateway, ask.model, Boolean(ask.reasoning));
  if (ask.json) {
    const structured = chat.withStructuredOutput(jsonAnswerSchema, { method: model.jsonMethod });
    let json: unknown;
    if (!ask.stream) json = await structured.invoke(PROMPT);
    else for await (const partial of await structured.stream(PROMPT)) json = partial; // the last is whole
    return { text: '', finish: undefined, tools: [], json };
  }
  const tool = toolOf(ask);
  const runnable = tool
    ? chat.bindTools!([
        { type: 'function', function: { name: tool, description: 'A tool', parameters: anyObject } },
      ])
    : chat;
  const input = ask.history
    ? [
        new HumanMessage(HISTORY.prompt),
        new AIMessage({
          content: '',
          tool_calls: [{ id: HISTORY.callId, name: HISTORY.tool, args: HISTORY.args, type: 'tool_call' }],
        }),
        new ToolMessage({ tool_call_id: HISTORY.callId, content: HISTORY.result }),
      ]
    : PROMPT;
  if (!ask.stream) {
    const message = (await runnable.invoke(input)) as AIMessageChunk;
    return heardFrom(model, message, message.text);
  }
  let joined: AIMessageChunk | undefined;
  let text = '';
  let lastOutput: number | undefined;
  for await (const piece of await runnable.stream(input)) {
    const chunk = piece as AIMessageChunk;
    text += chunk.text;
    lastOutput = chunk.usage_metadata?.output_tokens || lastOutput;
    joined = joined ? joined.concat(chunk) : chunk;
  }
  return heardFrom(model, joined!, text, lastOutput);
}

function langChainCaller(model: LangChainModel, gateway: Gateway): Caller {
  return {
    name: `LangChain ${model.name}`,
    responses: model.responses,
    thinkingBudget: model.thinkingBudget,
    outputWithoutReasoning: model.outputWithoutReasoning,
    streamedInputFromStart: model.streamedOutput === 'last',
    finishWords: model.finishWords,
    reads: model.reads,
    call: (ask) => langChainCall(model, gateway, ask),
    async rateLimit(id) {
      const error = await thrown(() => model.make(gateway, id, false).invoke(PROMPT));
      return { rateLimited: (error as { status?: number }).status === 429 };
    },
  };
}

const openaiModel = (responses: boolean) => (gateway: Gateway, model: string, reasoning: boolean) =>
  new ChatOpenAI({
    model,
    apiKey: gateway.key,
    configuration: { baseURL: `${gateway.url}/v1` },
    maxRetries: 0,
    streamUsage: true,
    useResponsesApi: responses,
    ...(reasoning && { reasoning: { effort: 'high', ...(responses && { summary: 'auto' }) } }),
  });

const MODELS: LangChainModel[] = [
  {
    name: 'ChatOpenAI',
    make: openaiModel(false),
    finishWords: { stop: 'stop', tool: 'tool_calls', length: 'length' },
    finishOf: (m) => m.response_metadata.finish_reason,
    streamedOutput: 'sum',
    jsonMethod: 'jsonMode',
    // OpenAI's chat API sends no reasoning text: ChatOpenAI reads none.
    reads: { reasoningText: false, reasoningTokens: true, json: true },
  },
  {
    name: 'ChatAnthropic',
    make: (gateway, model, reasoning) =>
      new ChatAnthropic({
        model,
        apiKey: gateway.key,
        anthropicApiUrl: gateway.url,
        maxRetries: 0,
        maxTokens: 4096,
        ...(reasoning && { thinking: { type: 'enabled', budget_tokens: BUDGET } }),
      }),
    thinkingBudget: BUDGET,
    finishWords: { stop: 'end_turn', tool: 'tool_use', length: 'max_tokens' },
    // Not streamed, in the response metadata; streamed, in message_delta's delta, kept as it came.
    finishOf: (m) => m.response_metadata.stop_reason ?? m.additional_kwargs.stop_reason,
    streamedOutput: 'last',
    jsonMethod: 'jsonSchema',
    reads: { reasoningText: true, reasoningTokens: false, json: true },
  },
  {
    name: 'ChatGoogleGenerativeAI',
    make: (gateway, model, reasoning) =>
      new ChatGoogleGenerativeAI({
        model,
        apiKey: gateway.key,
        baseUrl: gateway.url,
        maxRetries: 0,
        ...(reasoning && { thinkingConfig: { includeThoughts: true, thinkingBudget: BUDGET } }),
      }),
    thinkingBudget: BUDGET,
    finishWords: { stop: 'STOP', tool: 'STOP', length: 'MAX_TOKENS' },
    finishOf: (m) => m.response_metadata.finishReason,
    streamedOutput: 'sum',
    outputWithoutReasoning: true,
    jsonMethod: 'jsonSchema',
    // It counts candidatesTokenCount as its output and reads no thoughtsTokenCount.
    reads: { reasoningText: true, reasoningTokens: false, json: true },
  },
  {
    name: 'ChatOpenAI (useResponsesApi)',
    responses: true,
    make: openaiModel(true),
    finishWords: { stop: 'completed', tool: 'completed', length: 'incomplete' },
    finishOf: (m) => m.response_metadata.status,
    streamedOutput: 'sum',
    jsonMethod: 'jsonMode',
    // Its structured output cannot stream Responses content ("Cannot handle non-string output"), from OpenAI too.
    reads: { reasoningText: true, reasoningTokens: true, json: 'not streamed' },
  },
];

/** LangChain's OpenAI (chat completions and Responses), Anthropic and Google chat models. */
export const langChainCallers = (gateway: Gateway): Caller[] =>
  MODELS.map((m) => langChainCaller(m, gateway));

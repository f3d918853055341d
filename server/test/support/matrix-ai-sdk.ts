import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  APICallError,
  generateText,
  jsonSchema,
  Output,
  streamText,
  tool,
  type LanguageModel,
  type LanguageModelUsage,
  type ModelMessage,
} from 'ai';
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

// The SDK warns on the console about settings a provider ignores (reasoning asked of a model it
// does not know to reason): noise here, where the calls are the point.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

type ProviderOptions = Parameters<typeof generateText>[0]['providerOptions'];

/** One of the AI SDK's providers: how to make its model, and how it is asked to reason. */
interface AiSdkProvider {
  name: string;
  responses?: boolean;
  model(gateway: Gateway, id: string): LanguageModel;
  reasoning: ProviderOptions;
  /** The reasoning options name an explicit thinking budget. */
  thinkingBudget?: number;
  /** The provider reads no reasoning text (OpenAI's chat API sends none; reasoning_content is not its field). */
  noReasoningText?: boolean;
}

const usageOf = (usage: LanguageModelUsage) => ({
  input: usage.inputTokens,
  output: usage.outputTokens,
  reasoningTokens: usage.outputTokenDetails.reasoningTokens,
});

const history: ModelMessage[] = [
  { role: 'user', content: HISTORY.prompt },
  {
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: HISTORY.callId, toolName: HISTORY.tool, input: HISTORY.args }],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: HISTORY.callId,
        toolName: HISTORY.tool,
        output: { type: 'text', value: HISTORY.result },
      },
    ],
  },
];

/** generateText or streamText, with the tool, output or reasoning the ask names, retries off. */
async function aiSdkCall(model: LanguageModel, ask: Ask, reasoning: ProviderOptions): Promise<Heard> {
  const tool_ = toolOf(ask);
  const options = {
    model,
    ...(ask.history ? { messages: history } : { prompt: PROMPT }),
    maxRetries: 0,
    ...(tool_ && { tools: { [tool_]: tool({ inputSchema: jsonSchema(anyObject) }) } }),
    ...(ask.json && { output: Output.object({ schema: jsonSchema(jsonAnswerSchema) }) }),
    ...(ask.reasoning && { providerOptions: reasoning }),
  };
  if (!ask.stream) {
    const result = await generateText(options);
    return {
      text: result.text,
      finish: result.finishReason,
      ...usageOf(result.usage),
      tools: result.toolCalls.map((c) => ({ name: c.toolName, args: c.input })),
      reasoningText: result.reasoningText,
      json: ask.json ? result.output : parsedOrNot(result.text),
    };
  }
  const errors: unknown[] = [];
  const result = streamText({ ...options, onError: ({ error }) => void errors.push(error) });
  let text = '';
  for await (const piece of result.textStream) text += piece;
  if (errors.length > 0) throw errors[0];
  return {
    text,
    finish: await result.finishReason,
    ...usageOf(await result.usage),
    tools: (await result.toolCalls).map((c) => ({ name: c.toolName, args: c.input })),
    reasoningText: await result.reasoningText,
    json: ask.json ? await result.output : parsedOrNot(text),
  };
}

function aiSdkCaller(provider: AiSdkProvider, gateway: Gateway): Caller {
  return {
    name: `AI SDK ${provider.name}`,
    responses: provider.responses,
    thinkingBudget: provider.thinkingBudget,
    finishWords: { stop: 'stop', tool: 'tool-calls', length: 'length' },
    // The SDK's own retry waits what Retry-After says: it must reach the error's headers.
    reads: {
      reasoningText: !provider.noReasoningText,
      reasoningTokens: true,
      json: true,
      retryDelay: 'retry-after',
    },
    call: (ask) => aiSdkCall(provider.model(gateway, ask.model), ask, provider.reasoning),
    async rateLimit(id) {
      const error = await thrown(() =>
        generateText({ model: provider.model(gateway, id), prompt: PROMPT, maxRetries: 0 }),
      );
      const rateLimited = APICallError.isInstance(error) && error.statusCode === 429;
      return { rateLimited, retryAfter: rateLimited ? error.responseHeaders?.['retry-after'] : undefined };
    },
  };
}

const PROVIDERS: AiSdkProvider[] = [
  {
    name: 'OpenAI (chat)',
    model: ({ url, key }, id) => createOpenAI({ apiKey: key, baseURL: `${url}/v1` }).chat(id),
    reasoning: { openai: { reasoningEffort: 'high' } },
    noReasoningText: true,
  },
  {
    name: 'OpenAI-compatible',
    model: ({ url, key }, id) =>
      createOpenAICompatible({
        name: 'relaygate',
        apiKey: key,
        baseURL: `${url}/v1`,
        includeUsage: true,
      }).chatModel(id),
    reasoning: { relaygate: { reasoningEffort: 'high' } },
  },
  {
    name: 'Anthropic',
    model: ({ url, key }, id) => createAnthropic({ apiKey: key, baseURL: `${url}/v1` })(id),
    reasoning: { anthropic: { thinking: { type: 'enabled', budgetTokens: BUDGET } } },
    thinkingBudget: BUDGET,
  },
  {
    name: 'Google',
    model: ({ url, key }, id) => createGoogleGenerativeAI({ apiKey: key, baseURL: `${url}/v1beta` })(id),
    reasoning: { google: { thinkingConfig: { includeThoughts: true, thinkingBudget: BUDGET } } },
    thinkingBudget: BUDGET,
  },
  {
    name: 'OpenAI (default: Responses)',
    responses: true,
    model: ({ url, key }, id) => createOpenAI({ apiKey: key, baseURL: `${url}/v1` })(id),
    reasoning: { openai: { reasoningEffort: 'high', reasoningSummary: 'auto' } },
  },
];

/** The AI SDK's OpenAI (chat and Responses), OpenAI-compatible, Anthropic and Google providers. */
export const aiSdkCallers = (gateway: Gateway): Caller[] => PROVIDERS.map((p) => aiSdkCaller(p, gateway));

import Anthropic from '@anthropic-ai/sdk';
import { ApiError, GoogleGenAI, type GenerateContentResponse, type Part } from '@google/genai';
import OpenAI from 'openai';
import {
  anyObject,
  BUDGET,
  jsonAnswerSchema,
  parsedOrNot,
  PROMPT,
  retryDelayIn,
  thrown,
  toolOf,
  type Ask,
  type CallerFactory,
  type Heard,
} from './matrix-callers.ts';
import { HISTORY } from './matrix-history.ts';

type ChatDelta = OpenAI.ChatCompletionChunk.Choice.Delta & { reasoning_content?: string | null };
type ChatMessage = OpenAI.ChatCompletionMessage & { reasoning_content?: string | null };

/** The official openai client on /v1/chat/completions. */
export const openaiChat: CallerFactory = (gw) => {
  const client = () => new OpenAI({ apiKey: gw.key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const history: OpenAI.ChatCompletionMessageParam[] = [
    { role: 'user', content: HISTORY.prompt },
    {
      role: 'assistant',
      tool_calls: [
        {
          id: HISTORY.callId,
          type: 'function',
          function: { name: HISTORY.tool, arguments: JSON.stringify(HISTORY.args) },
        },
      ],
    },
    { role: 'tool', tool_call_id: HISTORY.callId, content: HISTORY.result },
  ];
  const params = (ask: Ask) => ({
    model: ask.model,
    messages: ask.history ? history : [{ role: 'user' as const, content: PROMPT }],
    ...(toolOf(ask) && {
      tools: [{ type: 'function' as const, function: { name: toolOf(ask)!, parameters: anyObject } }],
    }),
    ...(ask.json && { response_format: { type: 'json_object' as const } }),
    ...(ask.reasoning && { reasoning_effort: 'high' as const }),
  });
  const usage = (u: OpenAI.CompletionUsage | null | undefined) => ({
    input: u?.prompt_tokens,
    output: u?.completion_tokens,
    reasoningTokens: u?.completion_tokens_details?.reasoning_tokens,
  });
  return {
    name: 'openai chat.completions',
    finishWords: { stop: 'stop', tool: 'tool_calls', length: 'length' },
    reads: { reasoningText: true, reasoningTokens: true, json: true, retryDelay: 'retry-after' },
    async call(ask) {
      if (!ask.stream) {
        const answer = await client().chat.completions.create(params(ask));
        const message = answer.choices[0]!.message as ChatMessage;
        const text = message.content ?? '';
        return {
          text,
          finish: answer.choices[0]!.finish_reason,
          ...usage(answer.usage),
          tools: (message.tool_calls ?? []).map((c) =>
            c.type === 'function' ? { name: c.function.name, args: JSON.parse(c.function.arguments) } : c,
          ),
          reasoningText: message.reasoning_content ?? undefined,
          json: parsedOrNot(text),
        } as Heard;
      }
      const stream = await client().chat.completions.create({
        ...params(ask),
        stream: true,
        stream_options: { include_usage: true },
      });
      const heard: Heard = { text: '', finish: undefined, tools: [] };
      let reasoning = '';
      const calls = new Map<number, { name: string; args: string }>();
      for await (const chunk of stream) {
        Object.assign(heard, chunk.usage ? usage(chunk.usage) : {});
        const choice = chunk.choices[0];
        if (!choice) continue;
        const delta = choice.delta as ChatDelta;
        heard.text += delta.content ?? '';
        reasoning += delta.reasoning_content ?? '';
        heard.finish = choice.finish_reason ?? heard.finish;
        for (const call of delta.tool_calls ?? []) {
          const seen = calls.get(call.index) ?? { name: '', args: '' };
          calls.set(call.index, {
            name: seen.name + (call.function?.name ?? ''),
            args: seen.args + (call.function?.arguments ?? ''),
          });
        }
      }
      heard.tools = [...calls.values()].map((c) => ({ name: c.name, args: JSON.parse(c.args || '{}') }));
      heard.reasoningText = reasoning || undefined;
      heard.json = parsedOrNot(heard.text);
      return heard;
    },
    async rateLimit(model) {
      const error = await thrown(() =>
        client().chat.completions.create({ model, messages: [{ role: 'user', content: PROMPT }] }),
      );
      return {
        rateLimited: error instanceof OpenAI.RateLimitError,
        retryAfter: (error as InstanceType<typeof OpenAI.APIError>).headers?.get('retry-after') ?? undefined,
      };
    },
  };
};

/** The official openai client's responses.create on /v1/responses, streamed and not. */
export const openaiResponses: CallerFactory = (gw) => {
  const client = () => new OpenAI({ apiKey: gw.key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const heardFrom = (response: OpenAI.Responses.Response, text: string): Heard => ({
    text,
    finish: response.status ?? undefined,
    input: response.usage?.input_tokens,
    output: response.usage?.output_tokens,
    tools: response.output.flatMap((o) =>
      o.type === 'function_call' ? [{ name: o.name, args: JSON.parse(o.arguments) as unknown }] : [],
    ),
    reasoningText:
      response.output.flatMap((o) => (o.type === 'reasoning' ? o.summary.map((s) => s.text) : [])).join('') ||
      undefined,
    reasoningTokens: response.usage?.output_tokens_details.reasoning_tokens,
    json: parsedOrNot(text),
  });
  return {
    name: 'openai responses',
    responses: true,
    finishWords: { stop: 'completed', tool: 'completed', length: 'incomplete' },
    reads: { reasoningText: true, reasoningTokens: true, json: true, retryDelay: 'retry-after' },
    async call(ask) {
      const history: OpenAI.Responses.ResponseInputItem[] = [
        { role: 'user', content: HISTORY.prompt },
        {
          type: 'function_call',
          call_id: HISTORY.callId,
          name: HISTORY.tool,
          arguments: JSON.stringify(HISTORY.args),
        },
        { type: 'function_call_output', call_id: HISTORY.callId, output: HISTORY.result },
      ];
      const params = {
        model: ask.model,
        input: ask.history ? history : PROMPT,
        ...(toolOf(ask) && {
          tools: [{ type: 'function' as const, name: toolOf(ask)!, parameters: anyObject, strict: false }],
        }),
        ...(ask.json && { text: { format: { type: 'json_object' as const } } }),
        ...(ask.reasoning && { reasoning: { effort: 'high' as const, summary: 'auto' as const } }),
      };
      if (!ask.stream) {
        const response = await client().responses.create(params);
        return heardFrom(response, response.output_text);
      }
      let text = '';
      let completed: OpenAI.Responses.Response | undefined;
      for await (const event of await client().responses.create({ ...params, stream: true })) {
        if (event.type === 'response.output_text.delta') text += event.delta;
        if (event.type === 'response.completed') completed = event.response;
      }
      if (!completed) throw new Error('the stream ended without response.completed');
      return heardFrom(completed, text);
    },
    async rateLimit(model) {
      const error = await thrown(() => client().responses.create({ model, input: PROMPT }));
      return {
        rateLimited: error instanceof OpenAI.RateLimitError,
        retryAfter: (error as InstanceType<typeof OpenAI.APIError>).headers?.get('retry-after') ?? undefined,
      };
    },
  };
};

/** The official @anthropic-ai/sdk on /v1/messages (create, and the stream helper). */
export const anthropicMessages: CallerFactory = (gw) => {
  const client = () => new Anthropic({ apiKey: gw.key, baseURL: gw.url, maxRetries: 0 });
  return {
    name: '@anthropic-ai/sdk messages',
    thinkingBudget: BUDGET,
    finishWords: { stop: 'end_turn', tool: 'tool_use', length: 'max_tokens' },
    reads: { reasoningText: true, reasoningTokens: true, json: true, retryDelay: 'retry-after' },
    async call(ask) {
      const params: Anthropic.MessageCreateParamsNonStreaming = {
        model: ask.model,
        max_tokens: 4096,
        messages: ask.history
          ? [
              { role: 'user', content: HISTORY.prompt },
              {
                role: 'assistant',
                content: [{ type: 'tool_use', id: HISTORY.callId, name: HISTORY.tool, input: HISTORY.args }],
              },
              {
                role: 'user',
                content: [{ type: 'tool_result', tool_use_id: HISTORY.callId, content: HISTORY.result }],
              },
            ]
          : [{ role: 'user', content: PROMPT }],
        ...(toolOf(ask) && { tools: [{ name: toolOf(ask)!, input_schema: anyObject }] }),
        ...(ask.json && { output_config: { format: { type: 'json_schema', schema: jsonAnswerSchema } } }),
        ...(ask.reasoning && { thinking: { type: 'enabled', budget_tokens: BUDGET } }),
      };
      const message = ask.stream
        ? await client().messages.stream(params).finalMessage()
        : await client().messages.create(params);
      const join = (pick: (b: Anthropic.ContentBlock) => string | undefined) =>
        message.content.map((b) => pick(b) ?? '').join('');
      const text = join((b) => (b.type === 'text' ? b.text : undefined));
      const u = message.usage;
      return {
        text,
        finish: message.stop_reason ?? undefined,
        input: u.input_tokens + (u.cache_read_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0),
        output: u.output_tokens,
        tools: message.content.flatMap((b) =>
          b.type === 'tool_use' ? [{ name: b.name, args: b.input }] : [],
        ),
        reasoningText: join((b) => (b.type === 'thinking' ? b.thinking : undefined)) || undefined,
        reasoningTokens: u.output_tokens_details?.thinking_tokens,
        json: parsedOrNot(text),
      };
    },
    async rateLimit(model) {
      const error = await thrown(() =>
        client().messages.create({ model, max_tokens: 10, messages: [{ role: 'user', content: PROMPT }] }),
      );
      return {
        rateLimited: error instanceof Anthropic.RateLimitError,
        retryAfter:
          (error as InstanceType<typeof Anthropic.APIError>).headers?.get('retry-after') ?? undefined,
      };
    },
  };
};

/** The official @google/genai on /v1beta generateContent and streamGenerateContent. */
export const googleGenAI: CallerFactory = (gw) => {
  const client = () =>
    new GoogleGenAI({ apiKey: gw.key, httpOptions: { baseUrl: gw.url, retryOptions: { attempts: 1 } } });
  return {
    name: '@google/genai generateContent',
    thinkingBudget: BUDGET,
    finishWords: { stop: 'STOP', tool: 'STOP', length: 'MAX_TOKENS' },
    reads: { reasoningText: true, reasoningTokens: true, json: true, retryDelay: 'retry-info' },
    async call(ask) {
      const params = {
        model: ask.model,
        contents: ask.history
          ? [
              { role: 'user', parts: [{ text: HISTORY.prompt }] },
              { role: 'model', parts: [{ functionCall: { name: HISTORY.tool, args: HISTORY.args } }] },
              {
                role: 'user',
                parts: [{ functionResponse: { name: HISTORY.tool, response: { result: HISTORY.result } } }],
              },
            ]
          : PROMPT,
        config: {
          ...(toolOf(ask) && {
            tools: [{ functionDeclarations: [{ name: toolOf(ask)!, parametersJsonSchema: anyObject }] }],
          }),
          ...(ask.json && { responseMimeType: 'application/json' }),
          ...(ask.reasoning && { thinkingConfig: { includeThoughts: true, thinkingBudget: BUDGET } }),
        },
      };
      const answers: GenerateContentResponse[] = [];
      if (ask.stream)
        for await (const chunk of await client().models.generateContentStream(params)) answers.push(chunk);
      else answers.push(await client().models.generateContent(params));
      const parts: Part[] = answers.flatMap((a) => a.candidates?.[0]?.content?.parts ?? []);
      const usage = answers.findLast((a) => a.usageMetadata)?.usageMetadata;
      const text = parts
        .filter((p) => !p.thought)
        .map((p) => p.text ?? '')
        .join('');
      return {
        text,
        finish: answers.findLast((a) => a.candidates?.[0]?.finishReason)?.candidates?.[0]?.finishReason,
        input: usage?.promptTokenCount,
        output: usage && (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0),
        tools: parts.flatMap((p) =>
          p.functionCall ? [{ name: p.functionCall.name!, args: p.functionCall.args ?? {} }] : [],
        ),
        reasoningText:
          parts
            .filter((p) => p.thought)
            .map((p) => p.text ?? '')
            .join('') || undefined,
        reasoningTokens: usage?.thoughtsTokenCount,
        json: parsedOrNot(text),
      };
    },
    async rateLimit(model) {
      const error = await thrown(() => client().models.generateContent({ model, contents: PROMPT }));
      return {
        rateLimited: error instanceof ApiError && error.status === 429,
        retryDelay: retryDelayIn(String((error as Error).message)),
      };
    },
  };
};

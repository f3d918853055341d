import { anthropicEvents, fixtureChunks, fixtureJson, geminiEvents } from './fixtures.ts';
import type { MockReply } from './mock-upstream.ts';

/** How an answer ended, in no library's words: each caller says how its library spells these. */
export type Finish = 'stop' | 'tool' | 'length';

/** What a recording says, read in its provider's own terms and put in neutral ones. */
export interface Expected {
  text: string;
  finish: Finish;
  /** All input tokens (cached ones included) and all output tokens (reasoning included). */
  input: number;
  output: number;
  tools: Array<{ name: string; args: unknown }>;
  reasoningText?: string;
  reasoningTokens?: number;
}

/** A recording as the mock replays it, and what a client should hear from it. */
export interface Recording {
  file: string;
  reply: MockReply;
  expected: Expected;
}

type Json = Record<string, unknown>;
const parse = (line: string) => JSON.parse(line) as Json;
const nonEmpty = (text: string) => (text === '' ? undefined : text);

/** Tool calls with arguments parsed; a call's pieces keyed by position so streamed fragments join. */
function toolList(calls: Map<number, { name: string; args: string }>): Expected['tools'] {
  return [...calls.values()].map((c) => ({ name: c.name, args: c.args === '' ? {} : JSON.parse(c.args) }));
}

// ---- OpenAI chat completions ----

const OPENAI_FINISH: Record<string, Finish> = { stop: 'stop', tool_calls: 'tool', length: 'length' };

interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  completion_tokens_details?: { reasoning_tokens?: number };
}
interface ChatMessage {
  content?: string | null;
  reasoning_content?: string | null;
  tool_calls?: Array<{ index?: number; function: { name?: string; arguments?: string } }>;
}

function chatExpected(
  message: { text: string; reasoning: string; finish: string },
  calls: Map<number, { name: string; args: string }>,
  usage: ChatUsage,
): Expected {
  return {
    text: message.text,
    finish: OPENAI_FINISH[message.finish]!,
    input: usage.prompt_tokens,
    output: usage.completion_tokens,
    tools: toolList(calls),
    reasoningText: nonEmpty(message.reasoning),
    reasoningTokens: usage.completion_tokens_details?.reasoning_tokens || undefined,
  };
}

export function openaiChatAnswer(file: string): Recording {
  const json = fixtureJson<{
    choices: Array<{ message: ChatMessage; finish_reason: string }>;
    usage: ChatUsage;
  }>(file);
  const choice = json.choices[0]!;
  const calls = new Map(
    (choice.message.tool_calls ?? []).map((c, i) => [
      i,
      { name: c.function.name!, args: c.function.arguments! },
    ]),
  );
  const message = {
    text: choice.message.content ?? '',
    reasoning: choice.message.reasoning_content ?? '',
    finish: choice.finish_reason,
  };
  return { file, reply: { json }, expected: chatExpected(message, calls, json.usage) };
}

export function openaiChatStream(file: string): Recording {
  const lines = fixtureChunks(file);
  const message = { text: '', reasoning: '', finish: '' };
  const calls = new Map<number, { name: string; args: string }>();
  let usage: ChatUsage | undefined;
  for (const line of lines) {
    const chunk = parse(line) as {
      choices: Array<{ delta: ChatMessage; finish_reason?: string }>;
      usage?: ChatUsage;
    };
    usage = chunk.usage ?? usage;
    const choice = chunk.choices[0];
    if (!choice) continue;
    message.text += choice.delta.content ?? '';
    message.reasoning += choice.delta.reasoning_content ?? '';
    message.finish = choice.finish_reason ?? message.finish;
    for (const call of choice.delta.tool_calls ?? []) {
      const seen = calls.get(call.index ?? 0) ?? { name: '', args: '' };
      calls.set(call.index ?? 0, {
        name: seen.name + (call.function.name ?? ''),
        args: seen.args + (call.function.arguments ?? ''),
      });
    }
  }
  return { file, reply: { sse: lines }, expected: chatExpected(message, calls, usage!) };
}

// ---- Anthropic messages ----

const ANTHROPIC_FINISH: Record<string, Finish> = { end_turn: 'stop', tool_use: 'tool', max_tokens: 'length' };

interface AnthropicUsage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  output_tokens_details?: { thinking_tokens?: number };
}
type Block = { type: string; text?: string; thinking?: string; name?: string; input?: unknown };

const anthropicInput = (u: AnthropicUsage) =>
  u.input_tokens + (u.cache_read_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0);

export function anthropicAnswer(file: string): Recording {
  const json = fixtureJson<{ content: Block[]; stop_reason: string; usage: AnthropicUsage }>(file);
  const join = (type: string, key: 'text' | 'thinking') =>
    json.content
      .filter((b) => b.type === type)
      .map((b) => b[key])
      .join('');
  return {
    file,
    reply: { json },
    expected: {
      text: join('text', 'text'),
      finish: ANTHROPIC_FINISH[json.stop_reason]!,
      input: anthropicInput(json.usage),
      output: json.usage.output_tokens,
      tools: json.content.filter((b) => b.type === 'tool_use').map((b) => ({ name: b.name!, args: b.input })),
      reasoningText: nonEmpty(join('thinking', 'thinking')),
      reasoningTokens: json.usage.output_tokens_details?.thinking_tokens,
    },
  };
}

export function anthropicStream(file: string): Recording {
  const out = { text: '', thinking: '', finish: '' };
  const calls = new Map<number, { name: string; args: string }>();
  let usage = {} as AnthropicUsage;
  for (const line of fixtureChunks(file)) {
    const event = parse(line) as {
      type: string;
      index?: number;
      content_block?: Block;
      delta?: Record<string, string>;
      usage?: AnthropicUsage;
      message?: { usage: AnthropicUsage };
    };
    if (event.type === 'message_start') usage = { ...event.message!.usage };
    if (event.type === 'message_delta') {
      usage = { ...usage, ...event.usage };
      out.finish = event.delta?.stop_reason ?? out.finish;
    }
    if (event.content_block?.type === 'tool_use')
      calls.set(event.index!, { name: event.content_block.name!, args: '' });
    out.text += event.delta?.text ?? '';
    out.thinking += event.delta?.thinking ?? '';
    const json = event.delta?.partial_json;
    if (json !== undefined) calls.get(event.index!)!.args += json;
  }
  return {
    file,
    reply: { events: anthropicEvents(file) },
    expected: {
      text: out.text,
      finish: ANTHROPIC_FINISH[out.finish]!,
      input: anthropicInput(usage),
      output: usage.output_tokens,
      tools: toolList(calls),
      reasoningText: nonEmpty(out.thinking),
      reasoningTokens: usage.output_tokens_details?.thinking_tokens,
    },
  };
}

// ---- Gemini generateContent ----

interface GeminiAnswer {
  candidates?: Array<{
    content?: {
      parts?: Array<{ text?: string; thought?: boolean; functionCall?: { name: string; args?: unknown } }>;
    };
    finishReason?: string;
  }>;
  usageMetadata?: {
    promptTokenCount: number;
    candidatesTokenCount?: number;
    thoughtsTokenCount?: number;
  };
}

function geminiExpected(answers: GeminiAnswer[]): Expected {
  const parts = answers.flatMap((a) => a.candidates?.[0]?.content?.parts ?? []);
  const usage = answers.findLast((a) => a.usageMetadata)!.usageMetadata!;
  const tools = parts
    .filter((p) => p.functionCall)
    .map((p) => ({ name: p.functionCall!.name, args: p.functionCall!.args ?? {} }));
  const finish = answers.findLast((a) => a.candidates?.[0]?.finishReason)!.candidates![0]!.finishReason!;
  return {
    text: parts
      .filter((p) => !p.thought)
      .map((p) => p.text ?? '')
      .join(''),
    // Gemini says STOP after a function call; in the other formats that is a tool-call finish.
    finish: finish === 'MAX_TOKENS' ? 'length' : tools.length > 0 ? 'tool' : 'stop',
    input: usage.promptTokenCount,
    output: (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0),
    tools,
    reasoningText: nonEmpty(
      parts
        .filter((p) => p.thought)
        .map((p) => p.text ?? '')
        .join(''),
    ),
    reasoningTokens: usage.thoughtsTokenCount,
  };
}

export function geminiAnswer(file: string): Recording {
  const json = fixtureJson<GeminiAnswer>(file);
  return { file, reply: { json }, expected: geminiExpected([json]) };
}

export function geminiStream(file: string): Recording {
  const answers = fixtureChunks(file).map((line) => parse(line) as GeminiAnswer);
  return { file, reply: { events: geminiEvents(file) }, expected: geminiExpected(answers) };
}

// ---- OpenAI Responses ----

interface ResponsesAnswer {
  status: string;
  output: Array<{
    type: string;
    name?: string;
    arguments?: string;
    content?: Array<{ type: string; text?: string }>;
    summary?: Array<{ text: string }>;
  }>;
  usage: {
    input_tokens: number;
    output_tokens: number;
    output_tokens_details?: { reasoning_tokens?: number };
  };
}

function responsesExpected(json: ResponsesAnswer): Expected {
  const items = (type: string) => json.output.filter((o) => o.type === type);
  const tools = items('function_call').map((o) => ({
    name: o.name!,
    args: JSON.parse(o.arguments!) as unknown,
  }));
  return {
    text: items('message')
      .flatMap((o) => o.content ?? [])
      .filter((c) => c.type === 'output_text')
      .map((c) => c.text)
      .join(''),
    finish: json.status === 'incomplete' ? 'length' : tools.length > 0 ? 'tool' : 'stop',
    input: json.usage.input_tokens,
    output: json.usage.output_tokens,
    tools,
    reasoningText: nonEmpty(
      items('reasoning')
        .flatMap((o) => o.summary ?? [])
        .map((s) => s.text)
        .join(''),
    ),
    reasoningTokens: json.usage.output_tokens_details?.reasoning_tokens || undefined,
  };
}

export function responsesAnswer(file: string): Recording {
  const json = fixtureJson<ResponsesAnswer>(file);
  return { file, reply: { json }, expected: responsesExpected(json) };
}

/** A Responses stream: the answer is the one its last response.completed carries. */
export function responsesStream(file: string): Recording {
  const events = anthropicEvents(file); // named by their "type", as the Responses API sends them
  const completed = events.findLast((e) => e.event === 'response.completed')!;
  const response = (parse(completed.data) as { response: ResponsesAnswer }).response;
  return { file, reply: { events }, expected: responsesExpected(response) };
}

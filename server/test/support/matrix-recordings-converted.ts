import { converseFrames, EVENT_STREAM } from './bedrock-frames.ts';
import { collected, fixtureChunks, fixtureJson, fixtureText } from './fixtures.ts';
import type { Expected, Finish, Recording } from './matrix-recordings.ts';

/**
 * Recordings of the providers whose format no client speaks (Bedrock's Converse, Cohere's v2 chat,
 * Dify's chat-messages), read in their own terms into what a client should hear, as
 * matrix-recordings.ts does for the others.
 */
type Json = Record<string, unknown>;
type Calls = Map<number, { name: string; args: string }>;

const nonEmpty = (text: string) => (text === '' ? undefined : text);
const parsedCalls = (calls: Calls): Expected['tools'] =>
  [...calls.values()].map((c) => ({
    name: c.name,
    args: c.args === '' ? {} : (JSON.parse(c.args) as unknown),
  }));
const append = (calls: Calls, index: number, name: string | undefined, args: string | undefined) => {
  const seen = calls.get(index) ?? { name: '', args: '' };
  calls.set(index, { name: seen.name + (name ?? ''), args: seen.args + (args ?? '') });
};

// ---- Bedrock Converse ----

const CONVERSE_FINISH: Record<string, Finish> = { end_turn: 'stop', tool_use: 'tool', max_tokens: 'length' };

interface ConverseUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens?: number;
  cacheWriteInputTokens?: number;
}
const converseUsage = (u: ConverseUsage) => ({
  input: u.inputTokens + (u.cacheReadInputTokens ?? 0) + (u.cacheWriteInputTokens ?? 0),
  output: u.outputTokens,
});

/** A recorded converse answer (amazon-bedrock/amazon-bedrock-NAME.json). */
export function converseAnswer(name: string): Recording {
  const file = `amazon-bedrock/amazon-bedrock-${name}.json`;
  const json = fixtureJson<{
    output: { message: { content: Array<Json & { toolUse?: { name: string; input: unknown } }> } };
    stopReason: string;
    usage: ConverseUsage;
  }>(file);
  const blocks = json.output.message.content;
  const reasoning = blocks.map(
    (b) => (b.reasoningContent as { reasoningText?: { text?: string } })?.reasoningText,
  );
  return {
    file,
    reply: { json },
    expected: {
      text: blocks.map((b) => (typeof b.text === 'string' ? b.text : '')).join(''),
      finish: CONVERSE_FINISH[json.stopReason]!,
      ...converseUsage(json.usage),
      tools: blocks.flatMap((b) => (b.toolUse ? [{ name: b.toolUse.name, args: b.toolUse.input }] : [])),
      reasoningText: nonEmpty(reasoning.map((r) => r?.text ?? '').join('')),
    },
  };
}

/** A recorded converse-stream, replayed as AWS event-stream frames. */
export function converseStream(name: string): Recording {
  const file = `amazon-bedrock/amazon-bedrock-${name}.chunks.txt`;
  const out = { text: '', reasoning: '', finish: '' };
  const calls: Calls = new Map();
  let usage = { inputTokens: 0, outputTokens: 0 } as ConverseUsage;
  for (const line of fixtureChunks(file)) {
    const [type, event] = Object.entries(JSON.parse(line) as Json)[0]! as [string, Json];
    const index = event.contentBlockIndex as number;
    const delta = (event.delta ?? {}) as Json & { reasoningContent?: Json; toolUse?: Json };
    const start = (event.start as { toolUse?: { name: string } } | undefined)?.toolUse;
    if (type === 'contentBlockStart' && start) append(calls, index, start.name, '');
    if (type === 'contentBlockDelta') {
      out.text += typeof delta.text === 'string' ? delta.text : '';
      out.reasoning += (delta.reasoningContent?.text as string | undefined) ?? '';
      if (delta.toolUse) append(calls, index, undefined, delta.toolUse.input as string);
    }
    if (type === 'messageStop') out.finish = event.stopReason as string;
    if (type === 'metadata') usage = event.usage as ConverseUsage;
  }
  return {
    file,
    reply: { bytes: converseFrames(name), headers: EVENT_STREAM },
    expected: {
      text: out.text,
      finish: CONVERSE_FINISH[out.finish]!,
      ...converseUsage(usage),
      tools: parsedCalls(calls),
      reasoningText: nonEmpty(out.reasoning),
    },
  };
}

// ---- Cohere v2 chat ----

const COHERE_FINISH: Record<string, Finish> = { COMPLETE: 'stop', TOOL_CALL: 'tool', MAX_TOKENS: 'length' };

/** Cohere bills (and the gateway charges) its billed units. */
const cohereUsage = (usage: { billed_units: { input_tokens: number; output_tokens: number } }) => ({
  input: usage.billed_units.input_tokens,
  output: usage.billed_units.output_tokens,
});

/** A recorded Cohere v2 chat answer (cohere/NAME.json). */
export function cohereAnswer(name: string): Recording {
  const file = `cohere/${name}.json`;
  const json = fixtureJson<{
    message: {
      content?: Array<{ type: string; text?: string; thinking?: string }>;
      tool_calls?: Array<{ function: { name: string; arguments: string } }>;
    };
    finish_reason: string;
    usage: { billed_units: { input_tokens: number; output_tokens: number } };
  }>(file);
  const join = (type: 'text' | 'thinking') =>
    (json.message.content ?? [])
      .filter((b) => b.type === type)
      .map((b) => b[type])
      .join('');
  const calls: Calls = new Map();
  (json.message.tool_calls ?? []).forEach((c, i) => append(calls, i, c.function.name, c.function.arguments));
  return {
    file,
    reply: { json },
    expected: {
      text: join('text'),
      finish: COHERE_FINISH[json.finish_reason]!,
      ...cohereUsage(json.usage),
      tools: parsedCalls(calls),
      reasoningText: nonEmpty(join('thinking')),
    },
  };
}

/** A recorded Cohere v2 chat stream, its events named by their type as Cohere sends them. */
export function cohereStream(name: string): Recording {
  const file = `cohere/${name}.chunks.txt`;
  const lines = fixtureChunks(file);
  const out = { text: '', thinking: '', finish: '' };
  const calls: Calls = new Map();
  let usage = { billed_units: { input_tokens: 0, output_tokens: 0 } };
  for (const line of lines) {
    const event = JSON.parse(line) as { type: string; index?: number; delta?: Json };
    const message = (event.delta?.message ?? {}) as {
      content?: { text?: string; thinking?: string };
      tool_calls?: { function?: { name?: string; arguments?: string } };
    };
    if (event.type === 'content-delta') {
      out.text += message.content?.text ?? '';
      out.thinking += message.content?.thinking ?? '';
    }
    if (event.type === 'tool-call-start' || event.type === 'tool-call-delta')
      append(
        calls,
        event.index!,
        message.tool_calls?.function?.name,
        message.tool_calls?.function?.arguments,
      );
    if (event.type === 'message-end') {
      out.finish = event.delta!.finish_reason as string;
      usage = event.delta!.usage as typeof usage;
    }
  }
  return {
    file,
    reply: { events: lines.map((data) => ({ event: (JSON.parse(data) as { type: string }).type, data })) },
    expected: {
      text: out.text,
      finish: COHERE_FINISH[out.finish]!,
      ...cohereUsage(usage),
      tools: parsedCalls(calls),
      reasoningText: nonEmpty(out.thinking),
    },
  };
}

// ---- Dify chat-messages ----

interface DifyUsage {
  prompt_tokens: number;
  completion_tokens: number;
}
const difyExpected = (text: string, usage: DifyUsage): Expected => ({
  text,
  finish: 'stop',
  input: usage.prompt_tokens,
  output: usage.completion_tokens,
  tools: [],
});

/** Dify's recorded blocking answer (upstream-collected/dify). */
export function difyAnswer(): Recording {
  const file = collected('dify/chat-messages.blocking.doc-dify-template.json');
  const json = fixtureJson<{ answer: string; metadata: { usage: DifyUsage } }>(file);
  return { file, reply: { json }, expected: difyExpected(json.answer, json.metadata.usage) };
}

/** Dify's recorded streaming answer: `data:` events of message pieces, then message_end with the usage. */
export function difyStream(): Recording {
  const file = collected('dify/chat-messages.streaming-basic.doc-dify-template.chunks.txt');
  const lines = fixtureChunks(file);
  const events = lines.map((line) => JSON.parse(line) as { event: string; answer?: string; metadata?: Json });
  const text = events.map((e) => (e.event === 'message' ? (e.answer ?? '') : '')).join('');
  const end = events.find((e) => e.event === 'message_end')!;
  return {
    file,
    reply: { sse: lines, done: false },
    expected: difyExpected(text, end.metadata!.usage as DifyUsage),
  };
}

// ---- Tencent Hunyuan (TC3) ----

interface HunyuanUsage {
  PromptTokens: number;
  CompletionTokens: number;
}
const hunyuanExpected = (text: string, usage: HunyuanUsage): Expected => ({
  text,
  finish: 'stop',
  input: usage.PromptTokens,
  output: usage.CompletionTokens,
  tools: [],
});

/** Tencent's documented ChatCompletions answer (its Response wrapper kept). */
export function hunyuanAnswer(): Recording {
  const file = collected('hunyuan/tc3.ChatCompletions.non-stream-multiturn.doc-tccli.json');
  const json = fixtureJson<{
    Response: { Choices: Array<{ Message: { Content: string } }>; Usage: HunyuanUsage };
  }>(file);
  const { Choices, Usage } = json.Response;
  return { file, reply: { json }, expected: hunyuanExpected(Choices[0]!.Message.Content, Usage) };
}

/** Tencent's documented stream: `data:` chunks with no [DONE], the last with FinishReason and the Usage. */
export function hunyuanStream(): Recording {
  const file = collected('hunyuan/tc3.ChatCompletions.stream.doc-tccli.chunks.txt');
  const lines = fixtureChunks(file);
  const chunks = lines.map(
    (line) => JSON.parse(line) as { Choices: Array<{ Delta: { Content?: string } }>; Usage: HunyuanUsage },
  );
  const text = chunks.map((chunk) => chunk.Choices[0]?.Delta.Content ?? '').join('');
  return { file, reply: { sse: lines, done: false }, expected: hunyuanExpected(text, chunks.at(-1)!.Usage) };
}

// ---- Coze v3 chat ----

/** coze-py's recorded stream, as it went over the wire (`data:` with no space), read for the answer's text and usage. */
export function cozeStream(): Recording {
  const file = collected('coze/v3-chat.stream-text.live-coze-py.sse');
  const wire = fixtureText(file);
  const events = [...wire.matchAll(/^event:(.+)\ndata:(.*)$/gm)].map(([, event, data]) => ({ event, data }));
  const deltas = events.filter(({ event }) => event === 'conversation.message.delta');
  const text = deltas.map(({ data }) => (JSON.parse(data!) as { content: string }).content).join('');
  const completed = events.find(({ event }) => event === 'conversation.chat.completed')!;
  const usage = (JSON.parse(completed.data!) as { usage: { input_count: number; output_count: number } })
    .usage;
  return {
    file,
    reply: { text: wire, headers: { 'content-type': 'text/event-stream' } },
    expected: { text, finish: 'stop', input: usage.input_count, output: usage.output_count, tools: [] },
  };
}

import {
  chunkUsage,
  firstChoice,
  readChatContent,
  readToolCalls,
  argumentsText,
} from './openai-chat-read.ts';
import { asString } from './json-read.ts';
import type { Json } from './types.ts';
import type { Usage } from '../answer/usage.ts';

interface ToolCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * Folds OpenAI chat chunks into one chat completion, for a channel that answers only by stream
 * when the client asked for no stream: the text, the reasoning and the tool calls joined piece by
 * piece (never the chunks themselves), the last finish reason, the last usage. An error chunk is
 * kept as the answer's failure.
 */
export class ChatAnswerAssembler {
  private id = '';
  private created = 0;
  private text = '';
  private reasoning = '';
  private finish = '';
  private readonly tools: ToolCall[] = [];
  private usage: Usage | undefined;
  /** The message of the error chunk that ended the stream, if one did. */
  failure: string | undefined;

  push(chunk: Json): void {
    if (chunk.error !== undefined) {
      this.failure = asString((chunk.error as Json | undefined)?.message) || 'the upstream stream failed';
      return;
    }
    this.id ||= asString(chunk.id);
    this.created ||= typeof chunk.created === 'number' ? chunk.created : 0;
    this.usage = chunkUsage(chunk) ?? this.usage;
    const { message, finish } = firstChoice(chunk);
    const content = readChatContent(message);
    this.text += content.text;
    this.reasoning += content.reasoning;
    for (const call of readToolCalls(message)) {
      const index = call.index ?? this.tools.length;
      const tool = (this.tools[index] ??= { id: '', name: '', arguments: '' });
      tool.id ||= call.id;
      tool.name ||= call.name;
      tool.arguments += argumentsText(call.arguments);
    }
    this.finish = finish || this.finish;
  }

  /** The chat completion so far, with the usage the stream told (undefined when it told none). */
  answer(model: string): { body: Json; usage?: Usage } {
    const message: Json = { role: 'assistant', content: this.text };
    if (this.reasoning !== '') message.reasoning_content = this.reasoning;
    if (this.tools.length > 0)
      message.tool_calls = this.tools.map((tool) => ({
        id: tool.id,
        type: 'function',
        function: { name: tool.name, arguments: tool.arguments },
      }));
    const body: Json = {
      id: this.id,
      object: 'chat.completion',
      created: this.created || Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message, finish_reason: this.finish || 'stop' }],
    };
    return { body, usage: this.usage };
  }
}

import type { Json } from './types.ts';

/** An open tool call: its OpenAI index, and whether any arguments went out. */
interface OpenTool {
  index: number;
  argumentsSent: boolean;
}

/**
 * Builds the OpenAI chat.completion.chunk objects of one converted stream: the common fields,
 * content deltas, and tool calls keyed by the upstream's own block index, numbered from 0 in the
 * order they start; a call that closes without arguments gets `{}`, so its arguments still parse.
 */
export class ChatChunkBuilder {
  readonly created = Math.floor(Date.now() / 1000);
  private readonly tools = new Map<number, OpenTool>();

  private readonly model: string;
  /** The stream's id; set when the upstream tells it. */
  id: string;

  constructor(model: string, id = '') {
    this.model = model;
    this.id = id;
  }

  chunk(delta: Json): Json {
    return this.event({ choices: [{ index: 0, delta, finish_reason: null }] });
  }

  event(fields: Json): Json {
    return {
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: this.model,
      ...fields,
    };
  }

  toolStart(key: number, id: string, name: string, args = ''): Json[] {
    const index = this.tools.size;
    this.tools.set(key, { index, argumentsSent: args !== '' });
    const start = { index, id, type: 'function', function: { name, arguments: args } };
    return [this.chunk({ tool_calls: [start] })];
  }

  toolArguments(key: number, piece: string): Json[] {
    const tool = this.tools.get(key);
    if (!tool || piece === '') return [];
    tool.argumentsSent = true;
    return [this.chunk({ tool_calls: [{ index: tool.index, function: { arguments: piece } }] })];
  }

  toolEnd(key: number): Json[] {
    const tool = this.tools.get(key);
    if (!tool || tool.argumentsSent) return [];
    tool.argumentsSent = true;
    return [this.chunk({ tool_calls: [{ index: tool.index, function: { arguments: '{}' } }] })];
  }
}

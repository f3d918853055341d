import { asArray, asObject, asString } from '../../formats/json-read.ts';
import type { Usage } from '../../answer/usage.ts';
import type { ChunkSource, Json } from '../../formats/types.ts';
import { openAIUsageBody } from '../../answer/usage.ts';
import { fromAnthropicUsage, mergeAnthropicUsage } from './anthropic-usage.ts';
import { mapAnthropicStopReason } from './map-anthropic-stop-reason.ts';

export interface AnthropicStreamOptions {
  /** The `created` timestamp (seconds) of every chunk; now by default. */
  created?: number;
}

/** An open tool_use block: its tool call index, the input given at its start, whether deltas came. */
interface OpenTool {
  index: number;
  input: unknown;
  argumentsSent: boolean;
}

/**
 * An Anthropic Messages stream as OpenAI chat.completion.chunk data, event by event. It keeps no
 * text, only the open tool blocks, the stop reason and the usage so far. The closing [DONE] is
 * the pipeline's to send; a last chunk with `choices: []` and the usage is sent at message_stop.
 *
 * - message_start opens the answer with `delta.role`; a repeated one is ignored, the first usage
 *   kept. A different message starting after content went out means the upstream spliced two
 *   answers (the first cut off mid tool call): that ends the stream with an error chunk rather
 *   than pass on a tool call whose arguments never close.
 * - text → content, thinking → reasoning_content; tool_use → a tool call (index 0, 1… in block
 *   order) whose arguments come from input_json_delta, or whole from the block's start input.
 * - message_delta → the finish reason; its usage replaces what message_start gave.
 * - error → an `{error: {message, type}}` chunk, and the stream is over.
 * - ping, signature, citation and compaction deltas, server-tool blocks: nothing.
 */
export class AnthropicToOpenAIChatStream implements ChunkSource {
  private readonly created: number;
  private id = '';
  private model = '';
  private started = false;
  private contentSent = false;
  private ended: 'stop' | 'error' | undefined;
  private stopReason: unknown = null;
  private finishSent = false;
  private rawUsage: Json | undefined;
  private readonly openTools = new Map<number, OpenTool>();
  private toolCount = 0;

  constructor(options: AnthropicStreamOptions = {}) {
    this.created = options.created ?? Math.floor(Date.now() / 1000);
  }

  push(event: { event?: string; data: Json }): Json[] {
    const { data } = event;
    const type = typeof data.type === 'string' ? data.type : event.event;
    if (this.ended) {
      // After an error the upstream may still say what it billed; after message_stop nothing counts.
      if (this.ended === 'error' && type === 'message_delta')
        this.rawUsage = mergeAnthropicUsage(this.rawUsage, data.usage);
      return [];
    }
    const index = typeof data.index === 'number' ? data.index : -1;
    switch (type) {
      case 'message_start':
        return this.messageStart(asObject(data.message) ?? {});
      case 'content_block_start':
        return this.blockStart(index, asObject(data.content_block) ?? {});
      case 'content_block_delta':
        return this.blockDelta(index, asObject(data.delta) ?? {});
      case 'content_block_stop':
        return this.blockStop(index);
      case 'message_delta':
        return this.messageDelta(data);
      case 'message_stop':
        return this.messageStop();
      case 'error': {
        const error = asObject(data.error) ?? {};
        return this.fail(
          asString(error.message) || 'upstream stream error',
          asString(error.type) || 'upstream_error',
        );
      }
      default:
        return []; // ping, and events newer than this converter
    }
  }

  end(): Json[] {
    if (this.ended) return [];
    return this.fail('The upstream stream ended before the answer was complete', 'upstream_error');
  }

  usage(): Usage | undefined {
    return this.rawUsage && fromAnthropicUsage(this.rawUsage);
  }

  private messageStart(message: Json): Json[] {
    if (this.started) {
      if (this.contentSent && asString(message.id) !== this.id)
        return this.fail('The upstream started a second answer before finishing the first', 'upstream_error');
      return [];
    }
    this.started = true;
    this.id = asString(message.id);
    this.model = asString(message.model);
    this.stopReason = message.stop_reason ?? null;
    this.rawUsage = mergeAnthropicUsage(this.rawUsage, message.usage);
    const out = [this.chunk({ role: 'assistant', content: '' })];
    // Some answers come with their blocks already whole in message_start (programmatic tool calls).
    asArray(message.content).forEach((block, i) => {
      const start = asObject(block) ?? {};
      out.push(...this.blockStart(-1 - i, start), ...this.blockStop(-1 - i));
    });
    return out;
  }

  private blockStart(blockIndex: number, block: Json): Json[] {
    switch (block.type) {
      case 'text':
        return this.delta({ content: asString(block.text) });
      case 'thinking':
        return this.delta({ reasoning_content: asString(block.thinking) });
      case 'tool_use': {
        const index = this.toolCount++;
        this.openTools.set(blockIndex, { index, input: block.input, argumentsSent: false });
        const call = {
          index,
          id: asString(block.id),
          type: 'function',
          function: { name: asString(block.name), arguments: '' },
        };
        return this.delta({ tool_calls: [call] });
      }
      case 'fallback': {
        // The rest of the answer comes from the fallback model.
        const model = asString(asObject(block.to)?.model);
        if (model) this.model = model;
        return [];
      }
      default:
        return [];
    }
  }

  private blockDelta(blockIndex: number, delta: Json): Json[] {
    switch (delta.type) {
      case 'text_delta':
        return this.delta({ content: asString(delta.text) });
      case 'thinking_delta':
        return this.delta({ reasoning_content: asString(delta.thinking) });
      case 'input_json_delta': {
        const tool = this.openTools.get(blockIndex);
        const piece = asString(delta.partial_json);
        if (!tool || piece === '') return [];
        tool.argumentsSent = true;
        return this.delta({ tool_calls: [{ index: tool.index, function: { arguments: piece } }] });
      }
      default:
        return [];
    }
  }

  /** A tool block that closes without deltas had its whole input at its start: send that. */
  private blockStop(blockIndex: number): Json[] {
    const tool = this.openTools.get(blockIndex);
    if (!tool) return [];
    this.openTools.delete(blockIndex);
    if (tool.argumentsSent) return [];
    const args = JSON.stringify(asObject(tool.input) ?? {});
    return this.delta({ tool_calls: [{ index: tool.index, function: { arguments: args } }] });
  }

  private messageDelta(data: Json): Json[] {
    this.rawUsage = mergeAnthropicUsage(this.rawUsage, data.usage);
    const stopReason = asObject(data.delta)?.stop_reason;
    if (stopReason === null || stopReason === undefined) return [];
    this.stopReason = stopReason;
    return this.finish();
  }

  private messageStop(): Json[] {
    const out = this.finish();
    this.ended = 'stop';
    const usage = this.usage();
    if (usage) out.push(this.event({ choices: [], usage: openAIUsageBody(usage) }));
    return out;
  }

  private finish(): Json[] {
    if (this.finishSent) return [];
    this.finishSent = true;
    const finishReason = mapAnthropicStopReason(this.stopReason);
    return [this.event({ choices: [{ index: 0, delta: {}, finish_reason: finishReason }] })];
  }

  private fail(message: string, type: string): Json[] {
    this.ended = 'error';
    return [{ error: { message, type } }];
  }

  /** A content chunk; empty text sends nothing. */
  private delta(delta: Json): Json[] {
    if (delta.content === '' || delta.reasoning_content === '') return [];
    this.contentSent = true;
    return [this.chunk(delta)];
  }

  private chunk(delta: Json): Json {
    return this.event({ choices: [{ index: 0, delta, finish_reason: null }] });
  }

  private event(fields: Json): Json {
    const chunk = { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model };
    return { ...chunk, ...fields };
  }
}

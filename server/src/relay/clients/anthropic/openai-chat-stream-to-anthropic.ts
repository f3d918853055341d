import type { Usage } from '../../answer/usage.ts';
import type { Json, OutEvent } from '../../formats/types.ts';
import { argumentsText, toolCallKey, type ChatToolCall } from '../../formats/openai-chat-read.ts';
import {
  anthropicMessageId,
  anthropicStopReason,
  anthropicUsage,
  toolUseId,
} from './openai-chat-to-anthropic-message.ts';
import { ChatStreamToBlocks, type TextKind } from '../../formats/chat-stream-to-blocks.ts';

/** A content block: thinking (reasoning), text, or a tool call with its chat key. */
interface Block {
  kind: TextKind | 'tool_use';
  index: number;
  toolKey?: string;
}

/** Usage with its input only: message_start reports no output yet (a Gemini channel's first event counts thoughts). */
const inputOnly = (usage: Usage | undefined): Usage | undefined =>
  usage && { ...usage, completionTokens: 0, reasoningTokens: 0 };

const event = (data: Json): OutEvent => ({ event: String(data.type), data: JSON.stringify(data) });

/**
 * OpenAI chat.completion.chunk events → Anthropic Messages stream events. One content block is open
 * at a time: a thinking block for reasoning, a text block for content (opened only when there is
 * text), a tool_use block per tool call with its arguments as input_json_delta pieces. The
 * message_delta waits for the usage when it comes in a chunk after the finish reason.
 */
export class OpenAIChatToAnthropicStream extends ChatStreamToBlocks<Block> {
  /** A tool call whose name has not arrived yet (its block cannot start without one). */
  private pending: { key: string; id: string; name: string; args: string } | undefined;
  private readonly toolKeys = new Set<string>();
  private sawToolUse = false;

  private readonly requestedModel: string;
  private readonly promptUsage: () => Usage | undefined;

  /**
   * `promptUsage` says what is known of the input when the message starts (the channel's usage so
   * far, else a local estimate): Claude Code reads message_start's input_tokens for its context.
   */
  constructor(requestedModel: string, promptUsage: () => Usage | undefined = () => undefined) {
    super();
    this.requestedModel = requestedModel;
    this.promptUsage = promptUsage;
  }

  protected errorEvent(message: string): OutEvent {
    return event({ type: 'error', error: { type: 'api_error', message } });
  }

  protected begin(out: OutEvent[], upstreamId: unknown): void {
    const message = {
      id: anthropicMessageId(upstreamId),
      type: 'message',
      role: 'assistant',
      model: this.requestedModel,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: anthropicUsage(inputOnly(this.latestUsage ?? this.promptUsage())),
    };
    out.push(event({ type: 'message_start', message }));
  }

  protected textBlock(out: OutEvent[], kind: TextKind, index: number): Block {
    const block =
      kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '', signature: '' };
    out.push(event({ type: 'content_block_start', index, content_block: block }));
    return { kind, index };
  }

  protected textDelta(out: OutEvent[], block: Block, text: string): void {
    this.delta(
      out,
      block.kind === 'text' ? { type: 'text_delta', text } : { type: 'thinking_delta', thinking: text },
    );
  }

  protected endBlock(out: OutEvent[], block: Block): void {
    out.push(event({ type: 'content_block_stop', index: block.index }));
  }

  private delta(out: OutEvent[], delta: Json): void {
    out.push(event({ type: 'content_block_delta', index: this.open?.index, delta }));
  }

  protected toolDelta(out: OutEvent[], call: ChatToolCall, position: number): void {
    const openKey = this.open?.kind === 'tool_use' ? this.open.toolKey : undefined;
    const key = toolCallKey(call, this.pending?.key ?? openKey, position);
    const args = argumentsText(call.arguments);
    if (key === openKey) {
      if (args) this.delta(out, { type: 'input_json_delta', partial_json: args });
      return;
    }
    // A piece for a call whose block is already closed (interleaved parallel calls) cannot be sent.
    if (this.toolKeys.has(key) && this.pending?.key !== key) return;
    this.toolKeys.add(key);
    if (this.pending?.key !== key) {
      this.closeBlock(out);
      this.pending = { key, id: '', name: '', args: '' };
    }
    const pending = this.pending!;
    pending.id ||= call.id;
    pending.name ||= call.name;
    pending.args += args;
    if (pending.name) this.openPendingTool(out);
  }

  private openPendingTool(out: OutEvent[]): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    this.sawToolUse = true;
    const block = { type: 'tool_use', id: toolUseId(pending.id), name: pending.name, input: {} };
    this.openBlock(out, (index) => {
      out.push(event({ type: 'content_block_start', index, content_block: block }));
      return { kind: 'tool_use', index, toolKey: pending.key };
    });
    if (pending.args) this.delta(out, { type: 'input_json_delta', partial_json: pending.args });
  }

  /** Closes the open block (starting first a tool call still waiting for its name). */
  protected override closeBlock(out: OutEvent[]): void {
    if (this.pending) this.openPendingTool(out);
    super.closeBlock(out);
  }

  protected finishAnswer(out: OutEvent[]): void {
    const delta = {
      stop_reason: anthropicStopReason(this.finish ?? '', this.sawToolUse),
      stop_sequence: null,
    };
    const reported = this.reportedUsage();
    const usage = reported ? anthropicUsage(reported) : { output_tokens: 0 };
    out.push(event({ type: 'message_delta', delta, usage }));
    out.push(event({ type: 'message_stop' }));
  }
}

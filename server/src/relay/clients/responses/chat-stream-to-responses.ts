import type { Json, OutEvent } from '../../formats/types.ts';
import { newId } from '../../formats/json-read.ts';
import { argumentsText, toolCallKey, type ChatToolCall } from '../../formats/openai-chat-read.ts';
import { ChatStreamToBlocks, type TextKind } from '../../formats/chat-stream-to-blocks.ts';
import {
  functionCallItem,
  messageItem,
  outputText,
  reasoningItem,
  responseId,
  responseObject,
  type ResponseEnvelope,
} from './responses-shapes.ts';
import { responseEcho } from './response-echo.ts';

/** The reasoning or message item being written, with its text so far (its done events repeat it). */
interface OpenText {
  kind: TextKind;
  id: string;
  index: number;
  text: string;
}

/** A function call item: open from its first piece with a name until the answer finishes. */
interface OpenCall {
  id: string;
  index: number;
  callId: string;
  name: string;
  args: string;
  added: boolean;
}

/**
 * OpenAI chat.completion.chunk events → Responses API stream events, as OpenAI sends them:
 * response.created and in_progress, then per output item its added, delta, done events, and
 * response.completed (or incomplete) with the whole output and the usage. Reasoning becomes a
 * reasoning item with one summary part, content a message item with one output_text part, each
 * tool call a function_call item. The final event waits for usage sent after the finish reason.
 */
export class ChatToResponsesStream extends ChatStreamToBlocks<OpenText> {
  private envelope: ResponseEnvelope | undefined;
  private sequence = 0;
  private readonly calls = new Map<string, OpenCall>();
  private lastCallKey: string | undefined;
  private readonly output: Json[] = [];

  private readonly requestedModel: string;
  private readonly echo: Json;

  /** `request` is the client's Responses request: its settings are repeated in every response object. */
  constructor(requestedModel: string, request?: Json) {
    super();
    this.requestedModel = requestedModel;
    this.echo = responseEcho(request);
  }

  protected errorEvent(message: string): OutEvent {
    return this.event({ type: 'error', code: 'upstream_error', message, param: null });
  }

  private event(data: Json): OutEvent {
    data.sequence_number = this.sequence++;
    return { event: String(data.type), data: JSON.stringify(data) };
  }

  protected begin(out: OutEvent[], upstreamId: unknown): void {
    this.envelope = {
      id: responseId(upstreamId),
      model: this.requestedModel,
      createdAt: Math.floor(Date.now() / 1000),
      echo: this.echo,
    };
    // The same response (with the request's settings) twice: serialised once.
    const response = JSON.stringify(responseObject(this.envelope, []));
    for (const type of ['response.created', 'response.in_progress']) {
      const data = `{"type":"${type}","response":${response},"sequence_number":${this.sequence++}}`;
      out.push({ event: type, data });
    }
  }

  protected textDelta(out: OutEvent[], open: OpenText, text: string): void {
    open.text += text;
    const where = { item_id: open.id, output_index: open.index };
    out.push(
      this.event(
        open.kind === 'text'
          ? { type: 'response.output_text.delta', ...where, content_index: 0, delta: text, logprobs: [] }
          : { type: 'response.reasoning_summary_text.delta', ...where, summary_index: 0, delta: text },
      ),
    );
  }

  protected textBlock(out: OutEvent[], kind: TextKind, index: number): OpenText {
    const open: OpenText = { kind, id: newId(kind === 'text' ? 'msg_' : 'rs_'), index, text: '' };
    const where = { item_id: open.id, output_index: open.index };
    if (kind === 'text') {
      const item = messageItem(open.id, [], 'in_progress');
      out.push(this.event({ type: 'response.output_item.added', output_index: open.index, item }));
      out.push(
        this.event({ type: 'response.content_part.added', ...where, content_index: 0, part: outputText('') }),
      );
    } else {
      const item = reasoningItem(open.id, '');
      out.push(this.event({ type: 'response.output_item.added', output_index: open.index, item }));
      const part = { type: 'summary_text', text: '' };
      out.push(
        this.event({ type: 'response.reasoning_summary_part.added', ...where, summary_index: 0, part }),
      );
    }
    return open;
  }

  protected endBlock(out: OutEvent[], open: OpenText): void {
    const where = { item_id: open.id, output_index: open.index };
    let item: Json;
    if (open.kind === 'text') {
      const part = outputText(open.text);
      out.push(
        this.event({
          type: 'response.output_text.done',
          ...where,
          content_index: 0,
          text: open.text,
          logprobs: [],
        }),
      );
      out.push(this.event({ type: 'response.content_part.done', ...where, content_index: 0, part }));
      item = messageItem(open.id, [part], 'completed');
    } else {
      const part = { type: 'summary_text', text: open.text };
      out.push(
        this.event({
          type: 'response.reasoning_summary_text.done',
          ...where,
          summary_index: 0,
          text: open.text,
        }),
      );
      out.push(
        this.event({ type: 'response.reasoning_summary_part.done', ...where, summary_index: 0, part }),
      );
      item = reasoningItem(open.id, open.text);
    }
    out.push(this.event({ type: 'response.output_item.done', output_index: open.index, item }));
    this.output[open.index] = item;
  }

  protected toolDelta(out: OutEvent[], piece: ChatToolCall, position: number): void {
    const key = toolCallKey(piece, this.lastCallKey, position);
    this.lastCallKey = key;
    let call = this.calls.get(key);
    if (!call) {
      this.closeBlock(out);
      call = { id: newId('fc_'), index: -1, callId: '', name: '', args: '', added: false };
      this.calls.set(key, call);
    }
    call.callId ||= piece.id;
    call.name ||= piece.name;
    const args = argumentsText(piece.arguments);
    call.args += args;
    if (!call.added && call.name) this.addCall(out, call, call.args);
    else if (call.added && args)
      out.push(
        this.event({
          type: 'response.function_call_arguments.delta',
          item_id: call.id,
          output_index: call.index,
          delta: args,
        }),
      );
  }

  /** A call's output_item.added (once its name is known), with the arguments that came before it. */
  private addCall(out: OutEvent[], call: OpenCall, pendingArgs: string): void {
    call.added = true;
    call.index = this.takeIndex();
    call.callId ||= newId('call_');
    const item = functionCallItem(call.id, { ...call, arguments: '' }, 'in_progress');
    out.push(this.event({ type: 'response.output_item.added', output_index: call.index, item }));
    if (pendingArgs)
      out.push(
        this.event({
          type: 'response.function_call_arguments.delta',
          item_id: call.id,
          output_index: call.index,
          delta: pendingArgs,
        }),
      );
  }

  /** Closes the open text item, then every function call (they stay open until the finish). */
  protected override closeAll(out: OutEvent[]): void {
    this.closeBlock(out);
    for (const call of this.calls.values()) {
      if (!call.added) this.addCall(out, call, call.args);
      const where = { item_id: call.id, output_index: call.index };
      out.push(
        this.event({
          type: 'response.function_call_arguments.done',
          ...where,
          name: call.name,
          arguments: call.args,
        }),
      );
      const item = functionCallItem(
        call.id,
        { callId: call.callId, name: call.name, arguments: call.args },
        'completed',
      );
      out.push(this.event({ type: 'response.output_item.done', output_index: call.index, item }));
      this.output[call.index] = item;
    }
    this.calls.clear();
  }

  protected finishAnswer(out: OutEvent[]): void {
    const response = responseObject(this.envelope!, this.output.filter(Boolean), {
      finish: this.finish ?? '',
      usage: this.reportedUsage(),
    });
    const type = response.status === 'incomplete' ? 'response.incomplete' : 'response.completed';
    out.push(this.event({ type, response }));
  }
}

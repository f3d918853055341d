/**
 * A Converse stopReason as an OpenAI finish_reason: end_turn and stop_sequence stop, max_tokens
 * (and a full context window) is length, tool_use is tool_calls, a guardrail or content filter
 * that intervened is content_filter. An unknown reason is a plain stop.
 */
export function mapBedrockStopReason(reason: unknown): string {
  switch (reason) {
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'guardrail_intervened':
    case 'content_filtered':
      return 'content_filter';
    default:
      return 'stop';
  }
}

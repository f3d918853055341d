/** The finish reasons of an OpenAI chat completion that an Anthropic answer can end with. */
export type OpenAIFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter';

/**
 * Anthropic's stop_reason as OpenAI's finish_reason. pause_turn (a long server-tool turn the
 * caller may resume) has no OpenAI counterpart: what came is a whole answer, so it reads 'stop',
 * as do a missing reason and any reason newer than this list.
 */
export function mapAnthropicStopReason(stopReason: unknown): OpenAIFinishReason {
  switch (stopReason) {
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'refusal':
      return 'content_filter';
    default:
      // end_turn, stop_sequence, pause_turn
      return 'stop';
  }
}

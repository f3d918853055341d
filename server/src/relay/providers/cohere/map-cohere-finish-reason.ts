/** Cohere's finish_reason as OpenAI's: a stop, the token limit, tool calls, or a filtered answer. */
export function mapCohereFinishReason(reason: unknown): string {
  switch (reason) {
    case 'MAX_TOKENS':
      return 'length';
    case 'TOOL_CALL':
      return 'tool_calls';
    case 'ERROR_TOXIC':
      return 'content_filter';
    default:
      return 'stop'; // COMPLETE, STOP_SEQUENCE, ERROR, ERROR_LIMIT and anything newer
  }
}

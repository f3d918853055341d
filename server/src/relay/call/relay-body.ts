import type { SpooledForm } from '../../http/multipart-spool.ts';
import type { ClientFormat } from '../formats/format-names.ts';

/** A relay request body, read once: what routing and pricing need, and how to rebuild it upstream. */
export interface RelayBody {
  model: string;
  stream: boolean;
  /** The client asked for stream_options.include_usage itself. */
  clientWantsUsage: boolean;
  maxTokens: number;
  /** The call as OpenAI chat (or the endpoint's own OpenAI shape): what OpenAI-format channels get. */
  json?: Record<string, unknown>;
  /** An upload (audio): its files wait in a spool file, streamed to each channel tried. */
  form?: SpooledForm;
  /** The format the client spoke; answers and errors go back in it. */
  clientFormat: ClientFormat;
  /** The client's own body, when it is not OpenAI: passed through to a channel of the same format. */
  original?: Record<string, unknown>;
  /**
   * A thinking budget the client gave in tokens (Anthropic budget_tokens, Gemini thinkingBudget):
   * the chat core only carries an effort, so a channel of the other format gets this exact value.
   */
  thinkingBudget?: number;
  /** Client headers a same-format upstream may need (anthropic-version, anthropic-beta). */
  clientHeaders?: Record<string, string | string[] | undefined>;
}

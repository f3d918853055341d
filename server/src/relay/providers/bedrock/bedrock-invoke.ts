import type { Json } from '../../formats/types.ts';
import type { NativeCall } from '../provider-family.ts';

/** The Messages API version Anthropic's models on Bedrock take, in the body instead of a header. */
export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';

/** The beta flags of a client's anthropic-beta header (comma-separated, possibly repeated). */
function betaFlags(header: string | string[] | undefined): string[] {
  const values = Array.isArray(header) ? header : header === undefined ? [] : [header];
  return values.flatMap((value) => value.split(',').map((flag) => flag.trim())).filter(Boolean);
}

/**
 * An Anthropic Messages call as InvokeModel takes it for a Claude model, passed through whole so
 * that every Anthropic feature survives: the model (it is in the path) and the stream flag (the
 * action says it; Bedrock refuses the key) left out, anthropic_version set to Bedrock's, and the
 * client's anthropic-beta header carried as the body's anthropic_beta list (Bedrock reads no
 * header for it), after any the body named itself.
 */
export function toBedrockInvoke(call: NativeCall): Json {
  const { model: _model, stream: _stream, ...rest } = call.body;
  const body: Json = { ...rest, anthropic_version: BEDROCK_ANTHROPIC_VERSION };
  const own = Array.isArray(rest.anthropic_beta) ? rest.anthropic_beta : [];
  const flags = [...new Set([...own, ...betaFlags(call.headers['anthropic-beta'])])];
  if (flags.length > 0) body.anthropic_beta = flags;
  return body;
}

/** Why an answer's choices ended, as OpenAI's finish_reason tells it (for traces): none when not told. */
export function finishReasonsOf(choices: unknown, into?: string[]): string[] | undefined {
  if (!Array.isArray(choices)) return into;
  for (const choice of choices as Array<{ finish_reason?: unknown } | null>) {
    const reason = choice?.finish_reason;
    if (typeof reason === 'string' && reason !== '') (into ??= []).push(reason);
  }
  return into;
}

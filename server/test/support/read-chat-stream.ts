import type OpenAI from 'openai';

/** An OpenAI client's chat stream read to its end: the text it added up to, and the last usage it told. */
export async function readChatStream(
  stream: AsyncIterable<OpenAI.ChatCompletionChunk>,
): Promise<{ text: string; usage: OpenAI.CompletionUsage | undefined }> {
  let text = '';
  let usage: OpenAI.CompletionUsage | undefined;
  for await (const chunk of stream) {
    text += chunk.choices[0]?.delta.content ?? '';
    usage = chunk.usage ?? usage;
  }
  return { text, usage };
}

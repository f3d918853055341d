import { asObject, asString } from '../../formats/json-read.ts';
import type { ConvertedAnswer, Json } from '../../formats/types.ts';
import { openAIUsageBody, readOpenAIUsage } from '../../answer/usage.ts';

/** A Dify app's blocking answer as an OpenAI chat completion, billed from its metadata's usage. */
export function fromDifyAnswer(answer: Json, upstreamModel: string): ConvertedAnswer {
  const usage = readOpenAIUsage(asObject(answer.metadata)?.usage);
  const body: Json = {
    id: asString(answer.message_id) || asString(answer.conversation_id),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: upstreamModel,
    choices: [
      { index: 0, message: { role: 'assistant', content: asString(answer.answer) }, finish_reason: 'stop' },
    ],
  };
  if (usage) body.usage = openAIUsageBody(usage);
  return { body, usage };
}

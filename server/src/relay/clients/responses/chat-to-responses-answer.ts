import { readOpenAIUsage } from '../../answer/usage.ts';
import type { Json } from '../../formats/types.ts';
import { asString, newId } from '../../formats/json-read.ts';
import {
  argumentsText,
  firstChoice,
  readChatContent,
  readToolCalls,
} from '../../formats/openai-chat-read.ts';
import {
  functionCallItem,
  messageItem,
  outputText,
  reasoningItem,
  responseId,
  responseObject,
} from './responses-shapes.ts';
import { responseEcho } from './response-echo.ts';

/**
 * An OpenAI chat completion as a Responses API response: reasoning first as a reasoning item with
 * its summary, then the text (or the refusal) as a message, then one function_call item per call;
 * the request's settings repeated as OpenAI does.
 */
export function chatToResponsesAnswer(answer: Json, requestedModel: string, request?: Json): Json {
  const { message, finish } = firstChoice(answer);
  const { text, reasoning } = readChatContent(message);
  const refusal = asString(message?.refusal);
  const output: Json[] = [];
  if (reasoning) output.push(reasoningItem(newId('rs_'), reasoning));
  if (text) output.push(messageItem(newId('msg_'), [outputText(text)], 'completed'));
  else if (refusal) output.push(messageItem(newId('msg_'), [{ type: 'refusal', refusal }], 'completed'));
  for (const call of readToolCalls(message)) {
    const callId = call.id || newId('call_');
    output.push(
      functionCallItem(
        newId('fc_'),
        { callId, name: call.name, arguments: argumentsText(call.arguments) },
        'completed',
      ),
    );
  }
  const created = typeof answer.created === 'number' ? answer.created : Math.floor(Date.now() / 1000);
  const envelope = {
    id: responseId(answer.id),
    model: requestedModel,
    createdAt: created,
    echo: responseEcho(request),
  };
  return responseObject(envelope, output, { finish, usage: readOpenAIUsage(answer.usage) });
}

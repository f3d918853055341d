import { channelTypeInfo } from '../../../providers/channel-types.ts';
import { takesStreamUsageOption } from '../../endpoints.ts';
import { upstreamBody } from '../../relay-body.ts';
import { clientWire } from '../../wire-format.ts';
import type { ProviderFamily } from '../provider-family.ts';
import { openAITarget } from './openai-target.ts';

/** OpenAI and every OpenAI-compatible API: calls in OpenAI's formats pass through; others arrive as chat. */
export const openAIFamily: ProviderFamily = {
  format: 'openai',
  request({ endpoint, body, channel, upstreamModel }) {
    if (!channelTypeInfo(channel.type)?.openAICompatible && channel.type !== 0) {
      return `channel type ${channel.type} cannot serve OpenAI-format calls yet`;
    }
    // A call converted from another format is an OpenAI chat completion (or embedding) by now.
    const path =
      clientWire(body.clientFormat) === 'openai' || endpoint.kind !== 'chat'
        ? endpoint.path
        : '/v1/chat/completions';
    const target = openAITarget(channel, path, upstreamModel);
    const askUsage =
      takesStreamUsageOption(endpoint.kind) && (channelTypeInfo(channel.type)?.streamUsage ?? true);
    return { ...target, body: upstreamBody(endpoint, body, upstreamModel, askUsage), format: 'openai' };
  },
  streamToChat: () => null,
  answerToChat: (answer) => ({ body: answer }),
};

import { LogType, type ConsumeLogOther } from '@relaygate/contract';
import { render } from '../../i18n/text.ts';
import { consumeText } from '../../store/log-text.ts';
import type { NewLog } from '../../store/log-writer.ts';
import type { RoutingDetails } from '../routing/attempt-loop.ts';
import type { Caller } from '../call/caller.ts';
import type { Price } from './pricing.ts';
import type { Usage } from '../answer/usage.ts';

export interface CallRecord {
  caller: Caller;
  model: string;
  upstreamModel: string;
  channelId: number;
  triedChannels: number[];
  /** What routing decided beyond the channels called (breakers, first-byte timeouts, fallback). */
  routing?: RoutingDetails;
  usage: Usage;
  /** What the upstream reported, when it was clamped to what the call could produce. */
  reportedUsage?: Usage;
  localCount: boolean;
  price: Price;
  stream: boolean;
  startedAt: number;
  firstByteMs: number;
  requestId: string;
  upstreamRequestId: string;
  ip: string;
}

/** Sentences already written, by the prices they name: a site has a few prices, and every call writes one. */
const sentences = new Map<string, string>();
const MAX_SENTENCES = 1_000;

/** The row's content: the same words the console API renders from `other` in the reader's language. */
function priceSentence(other: ConsumeLogOther): string {
  const key = `${other.model_price}|${other.model_ratio}|${other.completion_ratio}|${other.group_ratio}`;
  let sentence = sentences.get(key);
  if (sentence === undefined) {
    const summary = consumeText(other);
    sentence = summary ? render(summary, 'en') : '';
    if (sentences.size >= MAX_SENTENCES) sentences.clear();
    sentences.set(key, sentence);
  }
  return sentence;
}

/** The consumption log row of a call (spec §3, Log entry); its quota is filled in at settlement. */
export function consumeLogRow(call: CallRecord): NewLog {
  const { price, usage, caller } = call;
  const other: ConsumeLogOther = {
    model_ratio: price.modelRatio,
    completion_ratio: price.completionRatio,
    group_ratio: price.groupRatio,
    model_price: price.perCall ? price.modelPrice : -1,
    cache_tokens: usage.cachedTokens,
    cache_ratio: price.cacheRatio,
    reasoning_tokens: usage.reasoningTokens,
    frt: call.firstByteMs,
    is_model_mapped: call.upstreamModel !== call.model,
    upstream_model_name: call.upstreamModel,
    local_count: call.localCount,
    ...(call.routing?.fallbackModel && { fallback_model: call.routing.fallbackModel }),
    admin_info: {
      use_channel: call.triedChannels,
      ...(call.routing?.breakerSkipped.length && { breaker_skipped: call.routing.breakerSkipped }),
      ...(call.routing?.firstByteTimeouts.length && {
        first_byte_timeouts: call.routing.firstByteTimeouts,
      }),
      ...(call.reportedUsage && {
        reported_usage: {
          prompt_tokens: call.reportedUsage.promptTokens,
          completion_tokens: call.reportedUsage.completionTokens,
        },
      }),
    },
  };
  const content = priceSentence(other);
  return {
    user_id: caller.userId,
    username: caller.username,
    type: LogType.Consume,
    content,
    token_name: caller.tokenName,
    token_id: caller.tokenId,
    model_name: call.model,
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    use_time: Math.round((Date.now() - call.startedAt) / 1000),
    is_stream: call.stream ? 1 : 0,
    channel_id: call.channelId,
    group: caller.group,
    ip: caller.recordIp ? call.ip : '',
    request_id: call.requestId,
    upstream_request_id: call.upstreamRequestId.slice(0, 128),
    other: JSON.stringify(other),
  };
}

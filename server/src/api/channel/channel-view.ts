import type { ChannelBreakerView, ChannelView } from '@relaygate/contract';
import type { BreakerView } from '../../cache/circuit-breakers.ts';
import type { Language } from '../../i18n/language.ts';
import { testErrorIn } from '../../store/channel-tests.ts';
import type { ChannelViewRow } from '../../store/channels.ts';

/**
 * What the console may see of a channel: never the key (always ''). Missing texts read as '', which
 * the console's forms handle (a null model mapping would come back from the form as the text "null").
 * The last test's failure is said in `language` where the words are the gateway's own.
 */
export function toChannelView(
  row: ChannelViewRow,
  language: Language,
  breakers: BreakerView[] = [],
): ChannelView {
  return {
    id: Number(row.id),
    type: Number(row.type),
    name: row.name,
    key: '',
    openai_organization: row.openai_organization ?? '',
    test_model: row.test_model ?? '',
    status: Number(row.status),
    weight: Number(row.weight),
    created_time: Number(row.created_time),
    test_time: Number(row.test_time),
    response_time: Number(row.response_time),
    test_outcome: Number(row.test_outcome),
    test_error: testErrorIn(row, language),
    base_url: row.base_url ?? '',
    other: row.other ?? '',
    balance: Number(row.balance),
    balance_updated_time: Number(row.balance_updated_time),
    models: row.models ?? '',
    group: row.group,
    used_quota: Number(row.used_quota),
    model_mapping: row.model_mapping ?? '',
    status_code_mapping: row.status_code_mapping ?? '',
    priority: Number(row.priority),
    auto_ban: Number(row.auto_ban),
    other_info: row.other_info ?? '',
    tag: row.tag ?? '',
    setting: row.setting ?? '',
    param_override: row.param_override ?? '',
    header_override: row.header_override ?? '',
    remark: row.remark ?? '',
    max_input_tokens: Number(row.max_input_tokens),
    concurrency_limit: Number(row.concurrency_limit ?? 0),
    ...(breakers.length > 0 && { breakers: breakers.map(toBreakerView) }),
  };
}

const toBreakerView = (breaker: BreakerView): ChannelBreakerView => ({
  model: breaker.model,
  state: breaker.state === 'half_open' ? 'half_open' : 'open',
  since: Math.floor(breaker.since / 1000),
  retry_at: Math.ceil(breaker.retryAt / 1000),
  last_error: breaker.lastError,
});

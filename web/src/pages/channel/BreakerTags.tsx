import type { ChannelBreakerView } from '@relaygate/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '../../lib/time.ts';

/**
 * The models for which a channel's circuit breaker is open (skipped without a call) or due for its
 * probe, each with when it opened, when it is probed next and the last error in its tooltip.
 */
export function BreakerTags({ breakers }: { breakers?: ChannelBreakerView[] }) {
  const { t } = useTranslation();
  if (!breakers?.length) return null;
  return breakers.map((breaker) => (
    <Tooltip
      key={breaker.model}
      title={
        <>
          <div>{t('channel.status.breakerSince', { time: formatTimestamp(breaker.since) })}</div>
          <div>{t('channel.status.breakerRetry', { time: formatTimestamp(breaker.retry_at) })}</div>
          <div>{t('channel.status.breakerError', { error: breaker.last_error || t('common.unknown') })}</div>
        </>
      }
    >
      <Tag color={breaker.state === 'open' ? 'orange' : 'gold'}>
        {t(breaker.state === 'open' ? 'channel.status.breakerOpen' : 'channel.status.breakerHalfOpen', {
          model: breaker.model,
        })}
      </Tag>
    </Tooltip>
  ));
}

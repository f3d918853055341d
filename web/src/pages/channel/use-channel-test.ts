import type { ChannelView } from '@relaygate/contract';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../api/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { CHANNELS_KEY, channelApi } from './channel-api.ts';
import { formatSeconds } from './channel-status.ts';

/**
 * GET /api/channel/test/{id}?model=: success with the time in seconds, or why it failed; both name
 * the model the server tested (it picks the channel's test model or first model when none is given).
 */
export function useChannelTest() {
  const { t } = useTranslation();
  return useApiMutation(
    ({ channel, model }: { channel: ChannelView; model?: string }) => channelApi.test(channel.id, model),
    {
      invalidate: [CHANNELS_KEY],
      successMessage: false,
      onSuccess: (result, { channel, model }) => {
        const values = {
          name: channel.name,
          model: result.model || model || channel.test_model || t('channel.test.defaultModel'),
        };
        if (result.success)
          showSuccess(t('channel.test.success', { ...values, time: formatSeconds(result.time) }));
        else
          showError(
            new Error(t('channel.test.failed', { ...values, message: result.message || t('error.unknown') })),
          );
      },
    },
  );
}

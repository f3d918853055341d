import type { ChannelView } from '@relaygate/contract';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../components/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { CHANNELS_KEY, channelApi } from './channel-api.ts';
import { formatSeconds } from './channel-status.ts';

/** GET /api/channel/test/{id}?model=: success with the time in seconds, or the server's error. */
export function useChannelTest() {
  const { t } = useTranslation();
  return useApiMutation(
    ({ channel, model }: { channel: ChannelView; model?: string }) => channelApi.test(channel.id, model),
    {
      invalidate: [CHANNELS_KEY],
      successMessage: false,
      onSuccess: (result, { channel, model }) =>
        showSuccess(
          t('channel.test.success', {
            name: channel.name,
            model: model || channel.test_model || t('channel.test.defaultModel'),
            time: formatSeconds(result?.time ?? 0),
          }),
        ),
    },
  );
}

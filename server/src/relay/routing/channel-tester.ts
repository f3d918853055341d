import { ChannelStatus } from '@relaygate/contract';
import type { ChannelTester, ChannelTestResult } from '../../ports.ts';
import type { ChannelIndex, RoutableChannel } from '../../cache/channel-index.ts';
import type { OptionsCache } from '../../cache/options-cache.ts';
import type { Config } from '../../config.ts';
import { cachedAllowList } from '../../net/allow-list.ts';
import { msg, render, type Text } from '../../i18n/text.ts';
import { chatTestRequest } from '../providers/chat-test-request.ts';
import { parseErrorBody } from '../providers/error-reading.ts';
import type { ProviderFamily } from '../providers/provider-family.ts';
import type { ResponseHeaders } from '../providers/retry-after.ts';
import { channelTypeLabel } from '../providers/channel-type-label.ts';
import { providerForChannel } from '../providers/registry.ts';
import { setChannelStatus } from '../../store/channel-status.ts';
import type { Store } from '../../store/db.ts';
import { recordChannelTest } from '../../store/channel-tests.ts';
import { mapModel } from './channel-choice.ts';
import { SseParser } from '../answer/sse.ts';
import { foldStream } from '../answer/stream-to-answer.ts';
import { UpstreamClient } from './upstream-client.ts';
import type { Metrics } from '../../ops/metrics.ts';
import { maybeDisableChannel, mappedStatus } from './upstream-error.ts';
import type { CircuitBreakers } from '../../cache/circuit-breakers.ts';
import type { Notifier } from '../../notify/notifier.ts';

export interface ChannelTesterDeps {
  config: Config;
  store: Store;
  settings: OptionsCache;
  channels: ChannelIndex;
  notifier: Notifier;
  metrics?: Metrics;
  /** A test that passes closes the channel's circuit breaker for the model tested. */
  breakers?: CircuitBreakers;
}

const FALLBACK_TEST_MODEL = 'gpt-4o-mini';

/**
 * Channel tests send one small real chat call. A failure, or (with auto-disable on) a call
 * slower than ChannelDisableThreshold seconds, may disable the channel; a success re-enables a
 * channel that was disabled automatically (3), never one an admin disabled (2). Each test's
 * outcome is kept on the channel's row (store/channel-tests.ts) beside its time. A passed test
 * also closes the channel's circuit breaker for the model tested (an admin who fixed a channel
 * need not wait for its cool-down).
 */
export function createChannelTester(deps: ChannelTesterDeps): ChannelTester {
  const upstream = new UpstreamClient({
    idleTimeoutSeconds: Math.min(deps.config.streamingTimeoutSeconds, 60),
    allowList: cachedAllowList(() => deps.settings.get('OutboundAllowList')),
  });

  /** A failed test; `reason` is the upstream's own words, or a Text of ours (the console shows it in its language). */
  async function fail(id: number, status: number, reason: string | Text, elapsedMs: number, always = false) {
    const message = typeof reason === 'string' ? reason : render(reason, 'en');
    const channel = deps.channels.get(id);
    if (channel) await maybeDisableChannel(deps, channel, status, message, always);
    return {
      success: false,
      message,
      time: elapsedMs / 1000,
      ...(typeof reason !== 'string' && { text: reason }),
    };
  }

  const refused = (text: Text) => ({ success: false, message: render(text, 'en'), text, time: 0 });

  return {
    async test(channelId, model) {
      await deps.channels.rebuild();
      const channel = deps.channels.get(channelId);
      if (!channel) return refused(msg('channel.notFound'));
      const family = providerForChannel(channel);
      if (!family.servesChat)
        return refused(
          family.name === 'retired'
            ? msg('relay.typeRetired', { type: channelTypeLabel(channel.type) })
            : msg('channel.testUnsupported'),
        );
      const testModel =
        model?.trim() || channel.row.test_model?.trim() || channel.models[0] || FALLBACK_TEST_MODEL;
      const result = await testWith(family, channel, testModel);
      // Failed or passed, on the row: a reload and every other admin see how the last test went.
      await recordChannelTest(deps.store.db, channelId, {
        elapsedMs: result.time * 1000,
        ...(!result.success && { failure: result.text ?? result.message }),
      });
      // The answer names the model, so the console can say which one was tested.
      return { ...result, model: testModel };
    },
  };

  /** One small chat call asking for `testModel` through the channel. */
  async function testWith(
    family: ProviderFamily,
    channel: RoutableChannel,
    testModel: string,
  ): Promise<ChannelTestResult> {
    const channelId = channel.id;
    let upstreamModel: string;
    try {
      upstreamModel = mapModel(testModel, channel.modelMapping);
    } catch (error) {
      return { success: false, message: (error as Error).message, time: 0 };
    }
    // The same request the relay would send for a tiny chat call, in the channel's own format.
    const dispatcher = upstream.dispatcherFor(channel.row.address_trusted !== 0);
    const request = await chatTestRequest(
      family,
      deps.settings,
      channel,
      testModel,
      upstreamModel,
      dispatcher,
    );
    if (typeof request === 'string') return { success: false, message: request, time: 0 };
    const started = Date.now();
    let status: number;
    let headers: ResponseHeaders;
    let text: string;
    try {
      const response = await upstream.send(request.url, {
        method: 'POST',
        headers: { ...request.headers, 'content-type': 'application/json' },
        body: request.body as string,
        addressTrusted: channel.row.address_trusted !== 0,
      });
      status = response.statusCode;
      headers = response.headers;
      text = await response.body.text();
    } catch (error) {
      const elapsed = Date.now() - started;
      const reason = (error as Error).message;
      return fail(channelId, 0, msg('channel.testConnectionFailed', { reason }), elapsed);
    }
    const elapsed = Date.now() - started;
    if (status >= 400) {
      const error = family.readError(status, headers, text);
      return fail(channelId, mappedStatus(channel, status), error.message, elapsed, error.disables);
    }
    // A provider that tells failures with HTTP 200 (Tencent Cloud, Coze) is read for one.
    const inAnswer = family.failureInAnswer?.(parseErrorBody(text));
    if (inAnswer) {
      const { error } = inAnswer;
      return fail(channelId, mappedStatus(channel, inAnswer.status), error.message, elapsed, error.disables);
    }
    // A family that answers only by stream (Coze) is read to its end: a stream that fails fails the test.
    if (String(headers['content-type'] ?? '').includes('text/event-stream')) {
      const parser = new SseParser();
      const { failure } = await foldStream(family, upstreamModel, [
        parser.push(Buffer.from(text)),
        parser.end(),
      ]);
      if (failure !== undefined) return fail(channelId, 502, failure, elapsed);
    }

    const threshold = deps.settings.number('ChannelDisableThreshold');
    if (deps.settings.bool('AutomaticDisableChannelEnabled') && threshold > 0 && elapsed > threshold * 1000) {
      const seconds = (elapsed / 1000).toFixed(2);
      return fail(channelId, 408, msg('channel.testTooSlow', { seconds, threshold }), elapsed, true);
    }
    if (
      deps.settings.bool('AutomaticEnableChannelEnabled') &&
      channel.row.status === ChannelStatus.AutoDisabled
    ) {
      const enabled = await setChannelStatus(deps.store.db, channelId, ChannelStatus.Enabled, {
        onlyFrom: ChannelStatus.AutoDisabled,
      });
      if (enabled) {
        await deps.channels.rebuild();
        deps.notifier.channelStatusChanged({ id: channelId, name: channel.row.name }, true);
      }
    }
    deps.breakers?.succeeded(channelId, testModel);
    return { success: true, message: '', time: elapsed / 1000 };
  }
}

import type { KnownModel, OptionKey } from '@relaygate/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdmin, requireUser } from '../../auth/guard.ts';
import { splitList } from '../../store/list-column.ts';
import { requestLanguage } from '../../i18n/language.ts';
import { CHANNEL_TYPES, channelTypeInfo } from '../../providers/channel-types.ts';
import { channelModelLists, enabledChannelGroups } from '../../store/channels.ts';
import { ok } from '../envelope.ts';
import { channelTypeView } from './channel-type-view.ts';
import { modelsByChannelType } from './type-models.ts';

/** Model names and channel types, for the channel form's pickers. */

/** The options whose tables name models with a price. */
const PRICED_MODEL_OPTIONS: OptionKey[] = ['ModelRatio', 'ModelPrice'];
export const channelCatalogueRoutes: FastifyPluginAsync = async (app) => {
  const { store, settings } = app;
  const guarded = { onRequest: requireAdmin };

  /** Every model name known: those of channels (owned by the first channel's type) and the priced ones. */
  app.get('/api/channel/models', guarded, async () => {
    const owners = new Map<string, string>();
    for (const { type, models } of await channelModelLists(store.db)) {
      const owner = channelTypeInfo(type)?.name ?? 'custom';
      for (const model of splitList(models)) if (!owners.has(model)) owners.set(model, owner);
    }
    for (const option of PRICED_MODEL_OPTIONS) {
      const table = settings.json<Record<string, unknown> | null>(option);
      for (const model of Object.keys(table ?? {})) if (!owners.has(model)) owners.set(model, 'system');
    }
    const models: KnownModel[] = [...owners]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, owned_by]) => ({ id, object: 'model', owned_by }));
    return ok(models);
  });

  /** Names that enabled channels serve in any group, as the routing index has them. */
  app.get('/api/channel/models_enabled', guarded, async () =>
    ok(app.channels.models(await enabledChannelGroups(store.db))),
  );

  /** new-api's console fills a channel's models from this map of channel type → model names. */
  app.get('/api/models', { preHandler: requireUser }, async () => {
    const priced = PRICED_MODEL_OPTIONS.flatMap((option) =>
      Object.keys(settings.json<Record<string, unknown> | null>(option) ?? {}),
    );
    return ok(modelsByChannelType(priced, await channelModelLists(store.db)));
  });

  /** The types a channel can be given, with what the form asks for each: retired ones are left out (their imported channels keep theirs). */
  app.get('/api/channel/types', guarded, async (request) => {
    const language = requestLanguage(request);
    return ok(
      CHANNEL_TYPES.filter(({ family }) => family !== 'retired').map((info) =>
        channelTypeView(info, language),
      ),
    );
  });
};

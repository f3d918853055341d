import type { PricingAnswer } from '@relaygate/contract';
import type { FastifyPluginAsync } from 'fastify';
import { optionalUser } from '../../auth/guard.ts';
import { usableGroups } from '../../options/groups.ts';
import { readUserSetting } from '../../store/user-setting.ts';
import { pricingEntries, usableGroupRatios } from './pricing-table.ts';

/**
 * GET /api/pricing (public): every model enabled channels serve, its price, and the groups that
 * serve it; with the ratios of the groups the caller may use (the site's usable groups when
 * signed out, plus the user's own group when signed in). Read from memory only: the channel
 * index and the option cache.
 */
export const pricingApi: FastifyPluginAsync = async (app) => {
  const { settings } = app;

  app.get('/api/pricing', async (request): Promise<PricingAnswer> => {
    const user = await optionalUser(request);
    const usable = user
      ? usableGroups(settings, user.group)
      : { ...settings.json<Record<string, string>>('UserUsableGroups') };
    const data = pricingEntries(
      {
        modelRatio: settings.json('ModelRatio'),
        completionRatio: settings.json('CompletionRatio'),
        modelPrice: settings.json('ModelPrice'),
      },
      app.channels.servingGroups(),
      settings.bool('SelfUseModeEnabled') ||
        (user !== null && readUserSetting(user.setting).accept_unset_model_ratio_model === true),
    );
    return {
      success: true,
      message: '',
      data,
      group_ratio: usableGroupRatios(
        usable,
        settings.json('GroupRatio'),
        settings.json('GroupGroupRatio'),
        user?.group ?? null,
      ),
      usable_group: usable,
    };
  });
};

import type { OptionKey } from '@relaygate/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requireRoot } from '../auth/guard.ts';
import { linkedDisplayOption } from '../options/quota-display.ts';
import { OPTION_DEFINITIONS, PRICE_TABLE_KEYS } from '../options/registry.ts';
import { validateOptionValue } from '../options/validate-option.ts';
import { ok } from './envelope.ts';
import { msg, type Text } from '../i18n/text.ts';
import { zodText } from '../i18n/zod-issue.ts';
import { ApiError } from './errors.ts';
import { parseInput } from './parse-input.ts';

const updateOptionSchema = z.object({
  key: z.string().min(1, zodText('option.keyRequired')).max(255),
  // new-api's console sends a field left empty with no value at all.
  value: z.unknown().optional(),
});

/** Switches that need another setting filled in first, as new-api refuses them. */
const PREREQUISITES: Partial<Record<OptionKey, { needs: OptionKey[]; message: Text }>> = {
  GitHubOAuthEnabled: {
    needs: ['GitHubClientId', 'GitHubClientSecret'],
    message: msg('option.needGitHub'),
  },
  'oidc.enabled': {
    needs: ['oidc.client_id', 'oidc.client_secret'],
    message: msg('option.needOidc'),
  },
  LinuxDOOAuthEnabled: {
    needs: ['LinuxDOClientId', 'LinuxDOClientSecret'],
    message: msg('option.needLinuxDo'),
  },
  WeChatAuthEnabled: {
    needs: ['WeChatServerAddress', 'WeChatServerToken'],
    message: msg('option.needWeChat'),
  },
  TelegramOAuthEnabled: {
    needs: ['TelegramBotToken', 'TelegramBotName'],
    message: msg('option.needTelegram'),
  },
  TurnstileCheckEnabled: {
    needs: ['TurnstileSiteKey', 'TurnstileSecretKey'],
    message: msg('option.needTurnstile'),
  },
  EmailVerificationEnabled: {
    needs: ['SMTPServer'],
    message: msg('option.needSmtp'),
  },
};

/**
 * Site options: root only. Reads here go to the database first: root saves through one worker or
 * node and reads (or saves the switch that needs that value) through another, sooner than the
 * change bus may have carried the first save.
 */
export const optionApi: FastifyPluginAsync = async (app) => {
  const { settings } = app;
  const guarded = { onRequest: requireRoot };

  app.get('/api/option/', guarded, async () => ok((await settings.fresh()).listPublic()));

  app.put('/api/option/', guarded, async (request) => {
    const body = parseInput(updateOptionSchema, request.body);
    // The name arrives as any string: from here on it is a registered option's key.
    const result = validateOptionValue(body.key, body.value);
    if (!result.ok) throw new ApiError(result.message);
    const { key } = result;
    await settings.fresh();
    const prerequisite = PREREQUISITES[key];
    if (prerequisite && result.value === 'true' && prerequisite.needs.some((k) => settings.get(k) === '')) {
      throw new ApiError(prerequisite.message);
    }
    await settings.set(key, result.value);
    const linked = linkedDisplayOption(key, result.value, settings);
    if (linked) await settings.set(linked.key, linked.value);
    return ok();
  });

  app.post('/api/option/rest_model_ratio', guarded, async () => {
    for (const key of PRICE_TABLE_KEYS) await settings.set(key, OPTION_DEFINITIONS[key].default);
    return ok();
  });
};

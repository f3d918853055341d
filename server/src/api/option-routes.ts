import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requireRoot } from '../auth/guard.ts';
import { OPTION_DEFINITIONS, PRICE_TABLE_KEYS } from '../options/registry.ts';
import { validateOptionValue } from '../options/validate-option.ts';
import { ok } from './envelope.ts';
import { ApiError } from './errors.ts';
import { parseInput } from './parse-input.ts';

const updateOptionSchema = z.object({
  key: z.string().min(1, 'key is required').max(255),
  value: z.unknown(),
});

/** Switches that need another setting filled in first, as new-api refuses them. */
const PREREQUISITES: Record<string, { needs: string[]; message: string }> = {
  GitHubOAuthEnabled: {
    needs: ['GitHubClientId', 'GitHubClientSecret'],
    message: 'fill in the GitHub Client Id and Client Secret before enabling GitHub OAuth',
  },
  'oidc.enabled': {
    needs: ['oidc.client_id', 'oidc.client_secret'],
    message: 'fill in the OIDC Client Id and Client Secret before enabling OIDC sign-in',
  },
  LinuxDOOAuthEnabled: {
    needs: ['LinuxDOClientId', 'LinuxDOClientSecret'],
    message: 'fill in the LinuxDO Client Id and Client Secret before enabling LinuxDO OAuth',
  },
  WeChatAuthEnabled: {
    needs: ['WeChatServerAddress', 'WeChatServerToken'],
    message: 'fill in the WeChat server address and token before enabling WeChat login',
  },
  TelegramOAuthEnabled: {
    needs: ['TelegramBotToken', 'TelegramBotName'],
    message: 'fill in the Telegram bot token and name before enabling Telegram login',
  },
  TurnstileCheckEnabled: {
    needs: ['TurnstileSiteKey', 'TurnstileSecretKey'],
    message: 'fill in the Turnstile site key and secret key before enabling the bot check',
  },
  EmailVerificationEnabled: {
    needs: ['SMTPServer'],
    message: 'configure an SMTP server before enabling e-mail verification',
  },
};

/** Site options: root only. */
export const optionApi: FastifyPluginAsync = async (app) => {
  const { settings } = app;
  const guarded = { onRequest: requireRoot };

  app.get('/api/option/', guarded, async () => ok(settings.listPublic()));

  app.put('/api/option/', guarded, async (request) => {
    const { key, value } = parseInput(updateOptionSchema, request.body);
    const result = validateOptionValue(key, value);
    if (!result.ok) throw new ApiError(result.message);
    const prerequisite = PREREQUISITES[key];
    if (prerequisite && result.value === 'true' && prerequisite.needs.some((k) => settings.get(k) === '')) {
      throw new ApiError(prerequisite.message);
    }
    await settings.set(key, result.value);
    return ok();
  });

  app.post('/api/option/rest_model_ratio', guarded, async () => {
    for (const key of PRICE_TABLE_KEYS) await settings.set(key, OPTION_DEFINITIONS[key]!.default);
    return ok();
  });
};

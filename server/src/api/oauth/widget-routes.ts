import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { currentUser, requireUser } from '../../auth/guard.ts';
import { OAuthRefusal } from '../../auth/oauth/index.ts';
import { checkTelegramLogin, telegram } from '../../auth/oauth/telegram.ts';
import { wechat, wechatAccount } from '../../auth/oauth/wechat.ts';
import type { ThirdParty } from '../../auth/oauth/provider.ts';
import { msg } from '../../i18n/text.ts';
import { nowSeconds } from '../../store/users.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { bindAccount, findBoundUser, signIn, signInOrRegister } from './account-link.ts';
import { limitedByAddress } from '../address-limit.ts';

const codeQuery = z.object({ code: z.string().trim().min(1).max(256) });
const widgetQuery = z.record(z.string(), z.string().max(1024));

/**
 * Sign-ins without a code flow: WeChat (a code the user got from the site's WeChat account) and the
 * Telegram login widget (fields signed with the bot token).
 */
export const widgetRoutes: FastifyPluginAsync = async (app) => {
  const { settings } = app;
  const limited = { onRequest: limitedByAddress(app).onRequest };
  const limitedUser = { onRequest: [limitedByAddress(app).onRequest, requireUser] };
  const requireEnabled = (party: ThirdParty) => {
    if (!settings.bool(party.enabledOption))
      throw new ApiError(msg('oauth.disabled', { provider: party.label }));
  };

  app.get('/api/oauth/wechat', limited, async (request, reply) => {
    requireEnabled(wechat);
    const { code } = parseInput(codeQuery, request.query);
    const openid = await wechatAccount(code, settings);
    return ok(await signInOrRegister(app, reply, wechat, { id: openid, username: '', displayName: '' }));
  });

  app.get('/api/oauth/wechat/bind', limitedUser, async (request) => {
    requireEnabled(wechat);
    const { code } = parseInput(codeQuery, request.query);
    await bindAccount(app, currentUser(request), wechat, await wechatAccount(code, settings));
    return ok(undefined, 'bind');
  });

  /** The Telegram account of the widget's fields, once their signature and age are checked. */
  const telegramId = (query: unknown): string => {
    requireEnabled(telegram);
    const check = checkTelegramLogin(
      parseInput(widgetQuery, query),
      settings.get('TelegramBotToken'),
      nowSeconds(),
    );
    if (!check.ok) {
      throw new OAuthRefusal(
        msg(check.reason === 'stale' ? 'oauth.telegramStale' : 'oauth.telegramHashInvalid'),
      );
    }
    return check.id;
  };

  // As in new-api, the widget signs in only an account already bound (binding needs a signed-in user).
  app.get('/api/oauth/telegram/login', limited, async (request, reply) => {
    const id = telegramId(request.query);
    const user = await findBoundUser(app.store.db, telegram.column, id);
    if (!user) throw new ApiError(msg('oauth.notBound', { provider: telegram.label }));
    return ok(await signIn(app, reply, user));
  });

  app.get('/api/oauth/telegram/bind', limitedUser, async (request) => {
    await bindAccount(app, currentUser(request), telegram, telegramId(request.query));
    return ok(undefined, 'bind');
  });
};

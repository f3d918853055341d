import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { hashPassword } from '../../auth/password.ts';
import { randomAlphanumeric } from '../../auth/random.ts';
import { turnstileCheck } from '../../auth/turnstile.ts';
import { CODE_VALID_MINUTES } from '../../auth/verification-codes.ts';
import { oncePerWindow } from '../../cache/once-per-window.ts';
import { requestLanguage } from '../../i18n/language.ts';
import { msg } from '../../i18n/text.ts';
import { composeMail } from '../../mail/compose.ts';
import { deleteUserSessions } from '../../store/sessions.ts';
import { updateUser } from '../../store/users.ts';
import { limitedByAddress } from '../address-limit.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { emailSchema } from '../user/schemas.ts';
import { userByEmail } from '../../store/user-emails.ts';

const RESET_PURPOSE = 'reset';
/** 16 random bytes: new-api's 32 hex characters. */
const RESET_TOKEN_BYTES = 16;
/** new-api's new password length. */
const NEW_PASSWORD_LENGTH = 12;
/** One reset mail per address per this many seconds (more answer the same, but send nothing). */
const RESEND_SECONDS = 30;

const requestQuery = z.object({ email: emailSchema });
const confirmInput = z.object({ email: emailSchema, token: z.string().trim().min(1).max(128) });

/**
 * Password reset: `GET /api/reset_password` mails a single-use link to `/user/reset`, and
 * `POST /api/user/reset` takes it, sets a new random password, answers it and ends every session
 * of the user. The request answers the same, at once, whether or not the address has an account:
 * the mail goes out after the answer.
 */
export const resetRoutes: FastifyPluginAsync = async (app) => {
  const { store, settings, mailer } = app;
  const lock = oncePerWindow('reset-mail', app.shared.redis);
  const limited = limitedByAddress(app);

  app.get(
    '/api/reset_password',
    { ...limited, preHandler: turnstileCheck(settings, app.config.turnstileVerifyUrl) },
    async (request) => {
      const { email } = parseInput(requestQuery, request.query);
      if (!mailer.configured()) throw new ApiError(msg('mail.notConfigured'));
      // Never the address the request names (its Host header): anyone could ask for a victim's
      // reset with their own host and receive the victim's token through the link.
      const origin = settings.get('ServerAddress');
      if (!origin) throw new ApiError(msg('mail.noServerAddress'));
      const language = requestLanguage(request);
      const sendLink = async () => {
        const user = await userByEmail(store.db, email);
        if (!user || !(await lock.claim(email.toLowerCase(), RESEND_SECONDS))) return;
        const token = await app.verificationCodes.issue(RESET_PURPOSE, email, RESET_TOKEN_BYTES);
        const link = `${origin}/user/reset?${new URLSearchParams({ email, token })}`;
        const site = settings.get('SystemName');
        await mailer.send(
          composeMail(
            user.email,
            msg('mail.resetSubject', { site }),
            msg('mail.resetBody', { site, link, minutes: CODE_VALID_MINUTES }),
            language,
          ),
        );
      };
      sendLink().catch((error: unknown) => request.log.warn({ err: error }, 'password reset mail not sent'));
      return ok();
    },
  );

  app.post('/api/user/reset', limited, async (request) => {
    const { email, token } = parseInput(confirmInput, request.body);
    if (!(await app.verificationCodes.consume(RESET_PURPOSE, email, token))) {
      throw new ApiError(msg('mail.resetLinkInvalid'));
    }
    const user = await userByEmail(store.db, email);
    if (!user) throw new ApiError(msg('mail.resetLinkInvalid'));
    const password = randomAlphanumeric(NEW_PASSWORD_LENGTH);
    await updateUser(store.db, user.id, { password: await hashPassword(password) });
    await deleteUserSessions(store.db, user.id);
    app.keys.invalidateUser(user.id);
    return ok(password);
  });
};

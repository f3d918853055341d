import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser, optionalUser, requireUser } from '../../auth/guard.ts';
import { turnstileCheck } from '../../auth/turnstile.ts';
import { CODE_VALID_MINUTES, EMAIL_CODE_PURPOSE } from '../../auth/verification-codes.ts';
import { oncePerWindow } from '../../cache/once-per-window.ts';
import { requestLanguage } from '../../i18n/language.ts';
import { msg } from '../../i18n/text.ts';
import { addressRefusal } from '../../mail/address-rules.ts';
import { composeMail, sendFailureReason } from '../../mail/compose.ts';
import { updateUser } from '../../store/users.ts';
import { limitedByAddress } from '../address-limit.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { emailSchema } from '../user/schemas.ts';
import { emailInUse } from '../../store/user-emails.ts';

/** Seconds between two codes mailed to one address. */
export const CODE_RESEND_SECONDS = 30;

const verificationQuery = z.object({ email: emailSchema });
const bindInput = z.object({ email: emailSchema, code: z.string().trim().min(1).max(64) });

/**
 * E-mail codes: `GET /api/verification` mails one (for registration or binding), and
 * `/api/oauth/email/bind` binds the signed-in user's address with it.
 */
export const verificationRoutes: FastifyPluginAsync = async (app) => {
  const { store, settings, mailer } = app;
  const lock = oncePerWindow('email-code', app.shared.redis);
  // A signed-in user asking for a code to bind passed the bot check when signing in.
  const signedIn = async (request: FastifyRequest) => (await optionalUser(request)) !== null;
  const limited = {
    ...limitedByAddress(app),
    preHandler: turnstileCheck(settings, app.config.turnstileVerifyUrl, signedIn),
  };

  app.get('/api/verification', limited, async (request) => {
    const { email } = parseInput(verificationQuery, request.query);
    const refusal = addressRefusal(settings, email);
    if (refusal) throw new ApiError(refusal);
    if (await emailInUse(store.db, email)) throw new ApiError(msg('account.emailTaken'));
    if (!mailer.configured()) throw new ApiError(msg('mail.notConfigured'));
    const key = email.toLowerCase();
    if (!(await lock.claim(key, CODE_RESEND_SECONDS))) {
      throw new ApiError(msg('mail.wait', { seconds: await lock.remaining(key) }));
    }
    const code = await app.verificationCodes.issue(EMAIL_CODE_PURPOSE, email);
    const site = settings.get('SystemName');
    try {
      await mailer.send(
        composeMail(
          email,
          msg('mail.codeSubject', { site }),
          msg('mail.codeBody', { site, code, minutes: CODE_VALID_MINUTES }),
          requestLanguage(request),
        ),
      );
    } catch (error) {
      request.log.warn({ err: error }, 'verification mail not sent');
      await lock.release(key);
      throw new ApiError(msg('mail.sendFailed', { reason: sendFailureReason(error) }));
    }
    return ok();
  });

  const bind = async (input: unknown, userId: number) => {
    const { email, code } = parseInput(bindInput, input);
    const refusal = addressRefusal(settings, email);
    if (refusal) throw new ApiError(refusal);
    // Checked before the code, so an address taken meanwhile does not use the code up.
    if (await emailInUse(store.db, email, userId)) throw new ApiError(msg('account.emailTaken'));
    if (!(await app.verificationCodes.consume(EMAIL_CODE_PURPOSE, email, code))) {
      throw new ApiError(msg('account.emailCodeWrong'));
    }
    await updateUser(store.db, userId, { email });
    app.keys.invalidateUser(userId);
    return ok();
  };
  const bindGuard = { onRequest: [limitedByAddress(app).onRequest, requireUser] };
  // The classic console sends a GET with the query; new-api's latest a POST with a JSON body.
  app.get('/api/oauth/email/bind', bindGuard, (request) => bind(request.query, currentUser(request).id));
  app.post('/api/oauth/email/bind', bindGuard, (request) => bind(request.body, currentUser(request).id));
};

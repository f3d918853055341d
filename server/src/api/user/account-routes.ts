import { UserStatus } from '@relaygate/contract';
import type { FastifyPluginAsync } from 'fastify';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { endSession, startSession } from '../../auth/sessions.ts';
import { EMAIL_CODE_PURPOSE } from '../../auth/verification-codes.ts';
import { turnstileCheck } from '../../auth/turnstile.ts';
import { addressRefusal } from '../../mail/address-rules.ts';
import { msg } from '../../i18n/text.ts';
import { findUserForLogin, nowSeconds, updateUser } from '../../store/users.ts';
import { ok } from '../envelope.ts';
import { limitedByAddress, sharedSignInLimits } from '../address-limit.ts';
import { ApiError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { registerUser } from './register-user.ts';
import { loginSchema, registerSchema } from './schemas.ts';
import { toLoginResult } from './user-view.ts';
import { siteQuotaDisplay } from '../../options/quota-display.ts';

/** Registration, login and logout: the public part of the accounts API. */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const { store, settings } = app;
  const limits = sharedSignInLimits(app);
  /** Every sign-in request counts against its address; with Turnstile on, it must pass the bot check. */
  const limited = {
    ...limitedByAddress(app),
    preHandler: turnstileCheck(settings, app.config.turnstileVerifyUrl),
  };

  app.post('/api/user/register', limited, async (request) => {
    if (!settings.bool('RegisterEnabled')) throw new ApiError(msg('account.registerDisabled'));
    if (!settings.bool('PasswordRegisterEnabled')) {
      throw new ApiError(msg('account.passwordRegisterDisabled'));
    }
    const input = parseInput(registerSchema, request.body);
    if (input.password2 !== undefined && input.password2 !== input.password) {
      throw new ApiError(msg('account.passwordsDiffer'));
    }
    const email = input.email || undefined;
    const refusal = email && addressRefusal(settings, email);
    if (refusal) throw new ApiError(refusal);
    if (settings.bool('EmailVerificationEnabled')) {
      if (!email || !input.verification_code) throw new ApiError(msg('account.emailCodeRequired'));
      // Checked last, so a registration refused for another reason does not use up the code.
      if (!(await app.verificationCodes.consume(EMAIL_CODE_PURPOSE, email, input.verification_code))) {
        throw new ApiError(msg('account.emailCodeWrong'));
      }
    }
    await registerUser(
      store,
      {
        username: input.username,
        passwordHash: await hashPassword(input.password),
        email,
        affCode: input.aff_code || undefined,
      },
      {
        forNewUser: settings.number('QuotaForNewUser'),
        forInviter: settings.number('QuotaForInviter'),
        forInvitee: settings.number('QuotaForInvitee'),
        display: siteQuotaDisplay(settings),
      },
    );
    return ok();
  });

  app.post('/api/user/login', limited, async (request, reply) => {
    if (!settings.bool('PasswordLoginEnabled')) {
      throw new ApiError(msg('account.passwordLoginDisabled'));
    }
    const input = parseInput(loginSchema, request.body);
    const user = await findUserForLogin(store.db, input.username);
    // Counted per account (its id, however it is named), and not even tried once over the limit.
    const account = user ? `user:${user.id}` : `name:${input.username.toLowerCase()}`;
    if (!(await limits.accountAllowed(account))) throw new ApiError(msg('http.tooManyRequests'), 429);
    // Compare even when the user is unknown, so the answer time does not tell which names exist.
    const passwordOk = await verifyPassword(
      input.password,
      user?.password ?? '$2a$10$invalidinvalidinvalidinvalidinvalidinvalidinvalidinvali',
    );
    if (!user || !passwordOk || user.status !== UserStatus.Enabled) {
      await limits.accountFailed(account);
      throw new ApiError(msg('account.wrongCredentials'));
    }
    await startSession(store.db, reply, user.id);
    await updateUser(store.db, user.id, { last_login_at: nowSeconds() });
    return ok(toLoginResult(user));
  });

  app.get('/api/user/logout', async (request, reply) => {
    await endSession(store.db, request, reply);
    return ok();
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { currentUser, requireRoot } from '../../auth/guard.ts';
import { requestLanguage } from '../../i18n/language.ts';
import { msg } from '../../i18n/text.ts';
import { composeMail, sendFailureReason } from '../../mail/compose.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { emailSchema } from '../user/schemas.ts';

const testInput = z.object({ to: z.union([emailSchema, z.literal('')]).optional() }).optional();

/**
 * `POST /api/option/test_smtp {to?}` (root): sends a test mail with the saved SMTP settings to
 * `to`, or to root's own address, and answers the SMTP server's refusal when there is one.
 */
export const testMailRoute: FastifyPluginAsync = async (app) => {
  app.post('/api/option/test_smtp', { onRequest: requireRoot }, async (request) => {
    const input = parseInput(testInput, request.body ?? {});
    const to = input?.to || currentUser(request).email;
    if (!to) throw new ApiError(msg('mail.testNoAddress'));
    if (!app.mailer.configured()) throw new ApiError(msg('mail.notConfigured'));
    const site = app.settings.get('SystemName');
    try {
      await app.mailer.send(
        composeMail(
          to,
          msg('mail.testSubject', { site }),
          msg('mail.testBody', { site }),
          requestLanguage(request),
        ),
      );
    } catch (error) {
      throw new ApiError(msg('mail.sendFailed', { reason: sendFailureReason(error) }));
    }
    return ok(to);
  });
};

import type { Db } from '../../store/db.ts';
import { findOwnToken, type TokenRow } from '../../store/tokens.ts';
import { ApiError } from '../errors.ts';
import { msg } from '../../i18n/text.ts';

/** The user's own live token; another user's token, a deleted one or none at all are all 'token not found'. */
export async function ownToken(db: Db, userId: number, id: number): Promise<TokenRow> {
  const token = await findOwnToken(db, userId, id);
  if (!token) throw new ApiError(msg('token.notFound'));
  return token;
}

/** Password length the server accepts (spec §5). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;

/** i18n key (under `personal.password.`) of what is wrong with the new password pair, or null. */
export function newPasswordError(password: string | undefined, password2: string | undefined): string | null {
  const value = password ?? '';
  if (value === '') return 'required';
  if (value.length < PASSWORD_MIN) return 'tooShort';
  if (value.length > PASSWORD_MAX) return 'tooLong';
  if (value !== (password2 ?? '')) return 'mismatch';
  return null;
}

/** Deleting the account needs the user's own username typed exactly (spec §5). */
export const deleteConfirmed = (typed: string | undefined, username: string): boolean =>
  username !== '' && typed === username;

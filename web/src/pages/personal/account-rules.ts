/** Deleting the account needs the user's own username typed exactly (spec §5). */
export const deleteConfirmed = (typed: string | undefined, username: string): boolean =>
  username !== '' && typed === username;

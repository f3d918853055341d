/** A saved chat of the `Chats` option: its position in the list (the `/chat/{index}` route), name and link. */
export interface SavedChat {
  index: number;
  name: string;
  link: string;
}

/**
 * The saved chats of the `Chats` option (a list of single-key objects `{name: link}`), each with its
 * index in that list. `null` when the option is not a list at all (its data cannot be read).
 * Entries without a name or a text link are left out, but keep the others' indexes.
 */
export function savedChats(chats: unknown): SavedChat[] | null {
  if (!Array.isArray(chats)) return null;
  return chats.flatMap((chat: unknown, index) => {
    if (!chat || typeof chat !== 'object' || Array.isArray(chat)) return [];
    const [entry] = Object.entries(chat as Record<string, unknown>);
    if (!entry || !entry[0] || typeof entry[1] !== 'string') return [];
    return [{ index, name: entry[0], link: entry[1] }];
  });
}

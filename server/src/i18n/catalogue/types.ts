/** One message in both languages; `{name}` marks a parameter, and both texts name the same ones. */
export interface Entry {
  readonly en: string;
  readonly zh: string;
}

export type Catalogue = Record<string, Entry>;

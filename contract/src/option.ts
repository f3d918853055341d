/** One row of GET /api/option/; every value travels as a string. */
export interface OptionItem {
  key: string;
  value: string;
}

/** Options whose names end like this are secrets and never listed. */
export const SECRET_OPTION_SUFFIXES = ['Token', 'Secret', 'Key', 'secret', 'api_key'] as const;

export const isSecretOption = (key: string): boolean =>
  SECRET_OPTION_SUFFIXES.some((suffix) => key.endsWith(suffix));

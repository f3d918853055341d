/** One row of GET /api/option/; every value travels as a string. */
export interface OptionItem {
  key: string;
  value: string;
}

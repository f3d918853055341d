/** The preset colours a ratio is shown in. */
export type RatioColor = 'red' | 'orange' | 'blue' | 'green';

/** The colour of a group or model ratio (spec 000 §9): above 5 red, above 3 orange, above 1 blue, else green. */
export function ratioColor(ratio: number): RatioColor {
  if (ratio > 5) return 'red';
  if (ratio > 3) return 'orange';
  if (ratio > 1) return 'blue';
  return 'green';
}

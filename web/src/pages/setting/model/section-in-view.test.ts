import { describe, expect, it } from 'vitest';
import { sectionInView } from './section-in-view.ts';

/** Sections of these heights, one under the other from `start`, 16 px apart (the cards' margin). */
function stack(start: number, heights: number[]) {
  let top = start;
  return heights.map((height) => {
    const box = { top, bottom: top + height };
    top += height + 16;
    return box;
  });
}

// A 900 px window whose sticky bars end at 126 px: the reading line is at 384 px.
const view = { top: 126, bottom: 900, atEnd: false };

describe('the section a reader is on', () => {
  it('is the first one at the start, though its top is below the sticky bars', () => {
    expect(sectionInView(stack(150, [550, 400, 600]), view)).toBe(0);
  });

  it('is not one whose top just passed under the bars while the next fills the window', () => {
    // The first card shows its last 180 px; the second spans from 328 px to the bottom.
    expect(sectionInView(stack(-400, [550, 400, 600, 300]), view)).toBe(1);
  });

  it('is the one whose top has reached a third of the way down', () => {
    expect(sectionInView(stack(-400, [550, 200, 600]), view)).toBe(2);
    expect(sectionInView(stack(-400, [550, 300, 600]), view)).toBe(1);
  });

  it('is the last at the end of the page, where short last sections never reach the line', () => {
    const end = stack(-300, [400, 200, 200, 200]);
    expect(sectionInView(end, view)).toBe(2);
    expect(sectionInView(end, { ...view, atEnd: true })).toBe(3);
  });

  it('is none without sections', () => {
    expect(sectionInView([], view)).toBe(-1);
  });
});

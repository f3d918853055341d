/** A section's place in the window, in pixels from the window's top (as getBoundingClientRect gives it). */
export interface SectionBox {
  top: number;
  bottom: number;
}

/** The part of the window the sections show in (below the sticky bars), and whether the page is scrolled to its end. */
export interface ReadingView {
  top: number;
  bottom: number;
  atEnd: boolean;
}

/** How far down the visible part a reader's eye is taken to be: the section there is the one being read. */
export const READING_LINE = 1 / 3;

/**
 * The section a reader is on, as an index of `sections` (in page order): the last one whose top has
 * reached the reading line, a third of the way down the visible part, so the first section counts
 * from the start and one whose top has just passed under the sticky bars, mostly out of sight, no
 * longer does. At the page's end the last section, which may be too short ever to reach the line.
 * -1 when there are none.
 */
export function sectionInView(sections: readonly SectionBox[], view: ReadingView): number {
  if (sections.length === 0) return -1;
  if (view.atEnd) return sections.length - 1;
  const line = view.top + (view.bottom - view.top) * READING_LINE;
  let current = 0;
  sections.forEach((section, index) => {
    if (section.top <= line) current = index;
  });
  return current;
}

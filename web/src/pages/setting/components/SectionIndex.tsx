import { Anchor, Flex } from 'antd';
import { useCallback, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../components/use-is-mobile.ts';
import { TOP_BAR_HEIGHT } from '../../../shell/TopBar.tsx';
import { sectionInView, type SectionBox } from '../model/section-in-view.ts';

/** The sticky tab bar's height below the top bar (antd's tab bar and its margin). */
export const TAB_BAR_HEIGHT = 62;
const STICKY_TOP = TOP_BAR_HEIGHT + TAB_BAR_HEIGHT;

/** The element id of a section's card, for the index to scroll to. */
export const sectionCardId = (form: string) => `${form}-card`;

/** The link of the section being read, from where the sections' cards are in the window now. */
function readSectionInView(links: readonly string[]): string {
  const present = links
    .map((link) => ({ link, card: document.getElementById(link.slice(1)) }))
    .filter((entry): entry is { link: string; card: HTMLElement } => entry.card !== null);
  const boxes: SectionBox[] = present.map(({ card }) => card.getBoundingClientRect());
  const page = document.documentElement;
  // A page too short to scroll is at its start, not its end.
  const atEnd = window.scrollY > 0 && window.scrollY + window.innerHeight >= page.scrollHeight - 2;
  const index = sectionInView(boxes, { top: STICKY_TOP, bottom: window.innerHeight, atEnd });
  return present[index]?.link ?? '';
}

/**
 * A long settings tab: its sections (each a card with its own Save) beside an index that stays in
 * view and jumps to a section. Phones and short tabs get the sections alone.
 *
 * The index marks the section being read (model/section-in-view.ts), not antd's default (the last
 * section whose top passed under the sticky bars: none at the start, one mostly out of sight, never
 * the short last ones); a click marks the section clicked, until the reader scrolls again.
 */
export function SectionIndex({
  sections,
  children,
}: {
  /** Cards by form name and title (some, like the price table's, edit no option). */
  sections: { form: string; title: string }[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const phone = useIsMobile();
  const clicked = useRef<string | null>(null);
  const links = sections.map((section) => `#${sectionCardId(section.form)}`);
  const linkKey = links.join(' ');
  const currentAnchor = useCallback(() => {
    const link = clicked.current;
    clicked.current = null;
    return link ?? readSectionInView(linkKey.split(' '));
  }, [linkKey]);

  if (phone || sections.length < 3) return <>{children}</>;
  return (
    <Flex gap={24} align="flex-start">
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
      <nav
        aria-label={t('setting.sectionIndex')}
        style={{ width: 180, flex: 'none', position: 'sticky', top: STICKY_TOP }}
        data-testid="setting-index"
      >
        <Anchor
          affix={false}
          replace
          targetOffset={STICKY_TOP + 8}
          onClick={(_event, link) => {
            clicked.current = link.href;
          }}
          getCurrentAnchor={currentAnchor}
          items={sections.map((section, index) => ({
            key: section.form,
            href: links[index]!,
            title: t(`setting.${section.title}`),
          }))}
        />
      </nav>
    </Flex>
  );
}

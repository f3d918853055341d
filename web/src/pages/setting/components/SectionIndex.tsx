import { Anchor, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../components/use-is-mobile.ts';
import { TOP_BAR_HEIGHT } from '../../../shell/TopBar.tsx';
import type { SectionSpec } from '../sections/section-spec.ts';

/** The sticky tab bar's height below the top bar (antd's tab bar and its margin). */
export const TAB_BAR_HEIGHT = 62;
const STICKY_TOP = TOP_BAR_HEIGHT + TAB_BAR_HEIGHT;

/** The element id of a section's card, for the index to scroll to. */
export const sectionCardId = (form: string) => `${form}-card`;

/**
 * A long settings tab: its sections (each a card with its own Save) beside an index that stays in
 * view and jumps to a section. Phones and short tabs get the sections alone.
 */
export function SectionIndex({
  sections,
  children,
}: {
  sections: Pick<SectionSpec, 'form' | 'title'>[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const phone = useIsMobile();
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
          items={sections.map((section) => ({
            key: section.form,
            href: `#${sectionCardId(section.form)}`,
            title: t(`setting.${section.title}`),
          }))}
        />
      </nav>
    </Flex>
  );
}

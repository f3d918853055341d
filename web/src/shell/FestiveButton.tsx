import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { celebrate, isFestiveDay } from './festive.ts';
import { startFireworks } from './fireworks.ts';

/** The top bar's 1 January item (spec §2): a menu whose one entry sets off fireworks. `today` is injectable. */
export function FestiveButton({ today = new Date() }: { today?: Date }) {
  const { t } = useTranslation();
  if (!isFestiveDay(today)) return null;
  return (
    <Dropdown
      menu={{
        items: [{ key: 'celebrate', label: t('shell.festive') }],
        onClick: () => celebrate(startFireworks, () => window.location.reload()),
      }}
    >
      <Button type="text" data-testid="festive-menu" aria-label={t('shell.festiveMenu')}>
        <span aria-hidden>🎉</span>
      </Button>
    </Dropdown>
  );
}

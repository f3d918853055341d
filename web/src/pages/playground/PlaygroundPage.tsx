import { Card, Drawer, Flex, Grid } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../session/session-store.ts';
import { ChatPanel } from './ChatPanel.tsx';
import { useGroups, useModels } from './playground-api.ts';
import { SettingsPanel } from './SettingsPanel.tsx';
import { usableGroup, usableModel } from './usable-choices.ts';
import { usePlayground } from './use-playground.ts';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

/** Below the top bar and the content padding; the conversation scrolls inside. */
const PANEL_HEIGHT = 'max(440px, calc(100dvh - 112px))';
const PHONE_PANEL_HEIGHT = 'max(420px, calc(100dvh - 80px))';

/** /playground: try the models of one's groups through the gateway, streamed (spec 001 §2). */
export function PlaygroundPage() {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().lg ?? true;
  const playground = usePlayground();
  const { settings, update } = playground;
  const groups = useGroups();
  const models = useModels();
  const ownGroup = useSessionUser()?.group;
  const [settingsOpen, setSettingsOpen] = useState(false);

  useEffect(() => {
    if (!groups.data) return;
    const group = usableGroup(
      settings.group,
      groups.data.map((choice) => choice.name),
      ownGroup,
    );
    if (group !== settings.group) update({ group });
    // Only a new group list can make the kept group unusable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [groups.data, ownGroup]);

  useEffect(() => {
    if (!models.data) return;
    const model = usableModel(settings.model, models.data);
    if (model !== settings.model) update({ model });
    // Only a new model list can make the kept model unusable (the picker offers no other).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [models.data]);

  const panel = <SettingsPanel settings={settings} update={update} groups={groups} models={models} />;
  const height = wide ? PANEL_HEIGHT : PHONE_PANEL_HEIGHT;

  return (
    <Flex gap={16} align="stretch" style={{ width: '100%' }}>
      {wide ? (
        <Card
          title={t('playground.settings')}
          style={{ width: 300, flex: 'none', height, overflowY: 'auto' }}
          styles={{ body: { paddingBottom: 24 } }}
        >
          {panel}
        </Card>
      ) : (
        <Drawer
          title={t('playground.settings')}
          placement="left"
          size="min(360px, 100vw)"
          open={settingsOpen}
          onClose={() => setSettingsOpen(false)}
        >
          {panel}
        </Drawer>
      )}
      <ChatPanel
        {...playground}
        onOpenSettings={wide ? undefined : () => setSettingsOpen(true)}
        style={{ flex: 1, minWidth: 0, height }}
      />
    </Flex>
  );
}

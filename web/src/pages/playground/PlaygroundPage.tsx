import { Card, Drawer, Flex, Grid } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../session/session-store.ts';
import { ChatPanel } from './ChatPanel.tsx';
import { useGroups, useModels, type GroupChoice } from './playground-api.ts';
import { SettingsPanel } from './SettingsPanel.tsx';
import { usePlayground } from './use-playground.ts';

/** Below the top bar and the content padding; the conversation scrolls inside. */
const PANEL_HEIGHT = 'max(440px, calc(100dvh - 112px))';
const PHONE_PANEL_HEIGHT = 'max(420px, calc(100dvh - 80px))';

/** The group to use: the kept one while the user may still use it, else the user's own, else the first. */
function usableGroup(current: string, groups: GroupChoice[], own: string | undefined): string {
  const names = groups.map((group) => group.name);
  if (names.includes(current)) return current;
  if (own && names.includes(own)) return own;
  return names[0] ?? '';
}

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
    const group = usableGroup(settings.group, groups.data, ownGroup);
    if (group !== settings.group) update({ group });
    // Only a new group list can make the kept group unusable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [groups.data, ownGroup]);

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

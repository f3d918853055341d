import { Spin, Tabs, theme } from 'antd';
import { LoadError } from '../../components/LoadError.tsx';
import { TOP_BAR_HEIGHT } from '../../shell/TopBar.tsx';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOptions } from './api/options-api.ts';
import type { OptionMap } from './model/option-fields.ts';
import { SETTING_TABS, tabFromQuery, type SettingTab } from './model/setting-tabs.ts';
import { ModelSettingsTab } from './tabs/ModelSettingsTab.tsx';
import { OperationTab } from './tabs/OperationTab.tsx';
import { OtherTab } from './tabs/OtherTab.tsx';
import { RateLimitTab } from './tabs/RateLimitTab.tsx';
import { SystemTab } from './tabs/SystemTab.tsx';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

const TAB_CONTENT: Record<SettingTab, (props: { options: OptionMap }) => ReactNode> = {
  operation: OperationTab,
  ratelimit: RateLimitTab,
  models: ModelSettingsTab,
  system: SystemTab,
  other: OtherTab,
};

/** Site settings for admins, one tab per area, the tab kept in `?tab=`. */
export function SettingPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabFromQuery(params.get('tab'));
  const options = useOptions();
  const { token } = theme.useToken();

  const select = (key: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('tab', key);
      return next;
    });

  if (options.isError) return <LoadError query={options} title={t('setting.loadFailed')} />;
  if (!options.data) return <Spin style={{ display: 'block', margin: '64px auto' }} />;

  const data = options.data;
  return (
    <Tabs
      activeKey={tab}
      onChange={select}
      destroyOnHidden
      // The tab bar stays under the top bar while a long tab scrolls.
      renderTabBar={(props, TabBar) => (
        <div style={{ position: 'sticky', top: TOP_BAR_HEIGHT, zIndex: 10, background: token.colorBgLayout }}>
          <TabBar {...props} />
        </div>
      )}
      items={SETTING_TABS.map((key) => {
        const Content = TAB_CONTENT[key];
        return { key, label: t(`setting.tabs.${key}`), children: <Content options={data} /> };
      })}
    />
  );
}

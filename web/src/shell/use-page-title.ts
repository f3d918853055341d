import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DEFAULT_SYSTEM_NAME, useStatus } from '../status/status.ts';
import { documentTitle, screenTitleKey } from './page-title.ts';

/** Keeps document.title at "<screen> - <system name>" as the route, the language or the name changes. */
export function usePageTitle(): void {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const systemName = useStatus()?.system_name || DEFAULT_SYSTEM_NAME;
  useEffect(() => {
    document.title = documentTitle(t(screenTitleKey(pathname)), systemName);
  }, [pathname, systemName, t, i18n.language]);
}

import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { landingPath } from '../session/landing.ts';
import { isAdmin, sessionExpired, useSessionUser } from '../session/session-store.ts';

/** Anonymous visitors go to /login (spec: the login guard). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const location = useLocation();
  if (!user) {
    const to = sessionExpired() ? '/login?expired=true' : '/login';
    return <Navigate to={to} replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}

/** Admin screens (role 10 or higher, read from the stored user). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const { t } = useTranslation();
  if (!user) return <RequireLogin>{children}</RequireLogin>;
  if (!isAdmin(user)) return <Result status="403" title={t('title.noPermission')} />;
  return <>{children}</>;
}

/** The sign-in pages: a signed-in user is sent on to where they were going (or /token). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const location = useLocation();
  if (user) return <Navigate to={landingPath(location.search, location.state)} replace />;
  return <>{children}</>;
}

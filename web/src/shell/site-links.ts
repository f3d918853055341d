import type { StatusObject } from '@relaygate/contract';

/** One link of the top bar: `label` is an i18n key; an external link opens in a new tab. */
export interface SiteLink {
  key: string;
  to: string;
  label: string;
  external?: boolean;
}

type LinkFlags = Pick<StatusObject, 'docs_link' | 'self_use_mode_enabled' | 'register_enabled'>;

/**
 * The site's own pages in the top bar: home, console, pricing, about, and the docs when the admin
 * set a link. On a phone they sit in one menu, which also offers registration to a signed-out visitor
 * (the desktop bar has its own button for that).
 */
export function siteLinks(
  status: Partial<LinkFlags> | undefined,
  options: { signedIn: boolean; phone: boolean },
): SiteLink[] {
  const links: SiteLink[] = [
    { key: 'home', to: '/', label: 'shell.home' },
    { key: 'console', to: '/token', label: 'shell.console' },
    { key: 'pricing', to: '/pricing', label: 'shell.pricing' },
    { key: 'about', to: '/about', label: 'shell.about' },
  ];
  if (status?.docs_link)
    links.push({ key: 'docs', to: status.docs_link, label: 'shell.docs', external: true });
  if (options.phone && !options.signedIn && canRegister(status))
    links.push({ key: 'register', to: '/register', label: 'shell.register' });
  return links;
}

/** Registration is offered unless the site is in self-use mode or the admin turned it off. */
export function canRegister(status: Partial<LinkFlags> | undefined): boolean {
  return !status?.self_use_mode_enabled && status?.register_enabled !== false;
}

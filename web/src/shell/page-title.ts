/** The i18n key naming each screen, by route (first match wins); `null` for an unknown path. */
const SCREENS: [RegExp, string][] = [
  [/^\/$/, 'shell.home'],
  [/^\/about$/, 'shell.about'],
  [/^\/pricing$/, 'shell.pricing'],
  [/^\/login$/, 'title.login'],
  [/^\/register$/, 'title.register'],
  [/^\/(reset|user\/reset)$/, 'title.reset'],
  [/^\/oauth\/[^/]+$/, 'title.oauth'],
  [/^\/playground$/, 'menu.playground'],
  [/^\/(chat(\/\d+)?|chat2link)$/, 'menu.chat'],
  [/^\/detail$/, 'menu.dashboard'],
  [/^\/token$/, 'menu.tokens'],
  [/^\/log$/, 'menu.logs'],
  [/^\/midjourney$/, 'menu.drawing'],
  [/^\/task$/, 'menu.tasks'],
  [/^\/topup$/, 'menu.wallet'],
  [/^\/personal$/, 'menu.personal'],
  [/^\/channel(\/add|\/edit\/\d+)?$/, 'menu.channels'],
  [/^\/redemption$/, 'menu.redemptions'],
  [/^\/user(\/edit(\/\d+)?)?$/, 'menu.users'],
  [/^\/setting$/, 'menu.settings'],
];

/** The i18n key of the screen at this path (a trailing slash is ignored); 'title.notFound' for others. */
export function screenTitleKey(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SCREENS.find(([pattern]) => pattern.test(path))?.[1] ?? 'title.notFound';
}

/** The browser tab's title: "<screen> - <system name>", or the system name alone without a screen name. */
export function documentTitle(screen: string, systemName: string): string {
  return screen ? `${screen} - ${systemName}` : systemName;
}

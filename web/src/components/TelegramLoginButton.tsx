import { useEffect, useRef } from 'react';

/** What the Telegram login widget hands over: the signed fields, each as the server checks them. */
export type TelegramFields = Record<string, string>;

declare global {
  interface Window {
    /** The widget calls a global function by name; one per mounted button. */
    [callback: `relaygateTelegram${number}`]: ((user: Record<string, unknown>) => void) | undefined;
  }
}

const WIDGET_URL = 'https://telegram.org/js/telegram-widget.js?22';
let nextId = 0;

/** The widget's user object as strings, for the query of /api/oauth/telegram/login or /bind. */
export function telegramFields(user: Record<string, unknown>): TelegramFields {
  return Object.fromEntries(
    Object.entries(user)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, String(value)]),
  );
}

/**
 * Telegram's own login widget for the site's bot: Telegram asks the user, then passes their signed
 * fields to `onAuth` (the server verifies them with the bot token).
 */
export function TelegramLoginButton({
  bot,
  onAuth,
}: {
  bot: string;
  onAuth: (fields: TelegramFields) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const onAuthRef = useRef(onAuth);
  onAuthRef.current = onAuth;

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    const name = `relaygateTelegram${nextId++}` as const;
    window[name] = (user) => onAuthRef.current(telegramFields(user));
    const script = document.createElement('script');
    script.src = WIDGET_URL;
    script.async = true;
    script.dataset.telegramLogin = bot.replace(/^@/, '');
    script.dataset.size = 'medium';
    script.dataset.requestAccess = 'write';
    script.dataset.onauth = `${name}(user)`;
    host.appendChild(script);
    return () => {
      delete window[name];
      host.replaceChildren();
    };
  }, [bot]);

  return <div ref={container} />;
}

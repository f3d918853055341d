import { ConfigProvider, theme as antdTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../components/use-media-query.ts';
import { StorageKey, readText, writeText } from '../lib/storage.ts';

export type ThemeMode = 'light' | 'dark';

const ThemeContext = createContext<{ mode: ThemeMode; setMode: (mode: ThemeMode) => void }>({
  mode: 'light',
  setMode: () => {},
});

function storedMode(): ThemeMode {
  const stored = readText(StorageKey.theme);
  if (stored === 'dark' || stored === 'light') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * Light or dark theme and antd's language, kept across reloads under `theme` and `i18nextLng`.
 * A system set to reduce motion gets none: dialogs, drawers and menus appear and go at once.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(storedMode);
  const { i18n } = useTranslation();
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  const setMode = (next: ThemeMode) => {
    writeText(StorageKey.theme, next);
    setModeState(next);
  };

  return (
    <ThemeContext.Provider value={{ mode, setMode }}>
      <ConfigProvider
        locale={i18n.language === 'en' ? enUS : zhCN}
        theme={{
          algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
          token: { motion: !reduceMotion },
        }}
      >
        {children}
      </ConfigProvider>
    </ThemeContext.Provider>
  );
}

export const useThemeMode = () => useContext(ThemeContext);

import { App, Input } from 'antd';
import { useTranslation } from 'react-i18next';

async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copies text and says so, without repeating it: what is copied is often a secret (a key, a code)
 * that a toast would show to whoever looks at the screen. When the browser refuses, opens a dialog
 * to copy it by hand (spec §8).
 */
export function useCopy(): (text: string) => Promise<boolean> {
  const { message, modal } = App.useApp();
  const { t } = useTranslation();
  return async (text: string) => {
    if (await writeClipboard(text)) {
      message.success(t('common.copied'));
      return true;
    }
    modal.info({
      title: t('common.copyManually'),
      content: (
        <Input.TextArea
          value={text}
          autoSize={{ minRows: 1, maxRows: 10 }}
          readOnly
          onFocus={(e) => e.target.select()}
        />
      ),
      okText: t('common.close'),
    });
    return false;
  };
}

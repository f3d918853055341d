import { ClearOutlined, SendOutlined, SettingOutlined, StopOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Input } from 'antd';
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaygroundMessage } from './messages.ts';
import { MessageItem } from './MessageItem.tsx';

interface Props {
  messages: PlaygroundMessage[];
  streaming: boolean;
  send: (text: string) => boolean;
  stop: () => void;
  clear: () => void;
  /** On narrow screens the settings live in a drawer this opens. */
  onOpenSettings?: () => void;
  style: CSSProperties;
}

/** Keeps a scrolled list at its bottom while it grows, unless the reader scrolled up. */
function useStickToBottom(dependency: unknown) {
  const ref = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);
  useEffect(() => {
    const list = ref.current;
    if (list && stuck.current) list.scrollTop = list.scrollHeight;
  }, [dependency]);
  const onScroll = () => {
    const list = ref.current;
    if (list) stuck.current = list.scrollHeight - list.scrollTop - list.clientHeight < 48;
  };
  return { ref, onScroll };
}

/** The chat (spec 001 §2): the conversation, an input with send and stop, and clear context (confirmed). */
export function ChatPanel({ messages, streaming, send, stop, clear, onOpenSettings, style }: Props) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [text, setText] = useState('');
  const list = useStickToBottom(messages);

  const submit = () => {
    if (send(text)) setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
  const confirmClear = () =>
    modal.confirm({
      title: t('playground.clearTitle'),
      content: t('playground.clearContent'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: clear,
    });

  const extra = (
    <Flex gap={8}>
      {onOpenSettings && (
        <Button icon={<SettingOutlined />} onClick={onOpenSettings} data-testid="playground-open-settings">
          {t('playground.settings')}
        </Button>
      )}
      <Button
        icon={<ClearOutlined />}
        onClick={confirmClear}
        disabled={messages.length === 0}
        aria-label={t('playground.clear')}
        data-testid="playground-clear"
      >
        {onOpenSettings ? null : t('playground.clear')}
      </Button>
    </Flex>
  );

  return (
    <Card
      title={t('playground.title')}
      extra={extra}
      style={{ ...style, display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      <div
        ref={list.ref}
        onScroll={list.onScroll}
        style={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden' }}
        data-testid="playground-messages"
      >
        {messages.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('playground.empty')} />
        ) : (
          <Flex vertical gap={16}>
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} />
            ))}
          </Flex>
        )}
      </div>
      <Flex gap={8} align="flex-end">
        <Input.TextArea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          autoSize={{ minRows: 1, maxRows: 6 }}
          placeholder={t('playground.inputPlaceholder')}
          aria-label={t('playground.inputPlaceholder')}
          data-testid="playground-input"
        />
        {streaming ? (
          <Button danger icon={<StopOutlined />} onClick={stop} data-testid="playground-stop">
            {t('playground.stop')}
          </Button>
        ) : (
          <Button
            type="primary"
            icon={<SendOutlined />}
            onClick={submit}
            disabled={text.trim() === ''}
            data-testid="playground-send"
          >
            {t('playground.send')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}

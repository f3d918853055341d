import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expireSession } from '../../api/client.ts';
import { useSessionUser } from '../../session/session-store.ts';
import { chatBody, missingSetting, type PlaygroundSettings } from './chat-request.ts';
import type { StreamEnd } from './chat-stream.ts';
import {
  appendText,
  completeReply,
  failReply,
  loadingReply,
  nextMessageId,
  updateMessage,
  userMessage,
  type PlaygroundMessage,
} from './messages.ts';
import { streamPlayground } from './playground-api.ts';
import { loadConversation, loadSettings, saveConversation, saveSettings } from './playground-storage.ts';

type Failure = Extract<StreamEnd, { kind: 'error' }>;

/**
 * The playground's state: its settings and conversation (both kept locally), and the reply being
 * streamed, which `stop` ends as complete with what has arrived (spec 001 §4).
 */
export function usePlayground() {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const owner = useSessionUser()?.id ?? 0;
  const [settings, setSettings] = useState(() => loadSettings(owner));
  const [messages, setMessages] = useState(() => loadConversation(owner, t('playground.errorReload')));
  const active = useRef<{ id: string; controller: AbortController } | null>(null);
  const [streaming, setStreaming] = useState(false);

  useEffect(() => saveSettings(owner, settings), [owner, settings]);
  useEffect(() => saveConversation(owner, messages), [owner, messages]);
  // Leaving the page stops the stream; the kept reply is settled when the page opens again.
  useEffect(() => () => active.current?.controller.abort(), []);

  const change = (id: string, next: (message: PlaygroundMessage) => PlaygroundMessage) =>
    setMessages((current) => updateMessage(current, id, next));

  const failureText = (end: Failure): string => {
    if (end.reason === 'network') return t('playground.errorNetwork');
    if (end.reason === 'interrupted') return t('playground.errorInterrupted');
    if (end.reason === 'expired') return t('playground.errorExpired');
    return end.message || t('playground.errorHttp', { status: end.status });
  };

  const finish = (controller: AbortController) => {
    if (active.current?.controller !== controller) return;
    active.current = null;
    setStreaming(false);
  };

  /** Sends the text as the next user message and streams the reply; answers whether it was sent. */
  const send = (text: string): boolean => {
    if (text.trim() === '' || active.current) return false;
    const missing = missingSetting(settings);
    if (missing) {
      void toast.warning(t(missing));
      return false;
    }
    const id = nextMessageId(messages);
    const conversation = [...messages, userMessage(id, text)];
    const reply = loadingReply(id + 1);
    setMessages([...conversation, reply]);
    const controller = new AbortController();
    active.current = { id: reply.id, controller };
    setStreaming(true);
    void streamPlayground({
      body: chatBody(settings, conversation, t('playground.defaultSystemPrompt')),
      signal: controller.signal,
      onDelta: (piece) => change(reply.id, (message) => appendText(message, piece)),
    }).then((end) => {
      if (end.kind === 'error') change(reply.id, (message) => failReply(message, failureText(end)));
      else change(reply.id, completeReply);
      finish(controller);
      if (end.kind === 'error' && end.reason === 'expired') expireSession();
    });
    return true;
  };

  /** Stops the reply being streamed: it keeps what arrived and is complete. */
  const stop = () => {
    const current = active.current;
    if (!current) return;
    current.controller.abort();
    change(current.id, completeReply);
    finish(current.controller);
  };

  /** Clear context: stops any reply and empties the whole conversation. */
  const clear = () => {
    stop();
    setMessages([]);
  };

  const update = (patch: Partial<PlaygroundSettings>) => setSettings((current) => ({ ...current, ...patch }));

  return { settings, update, messages, streaming, send, stop, clear };
}

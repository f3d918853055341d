/** A playground message (spec 001 §3); `status` is the assistant reply's, absent on the user's. */
export type Role = 'user' | 'assistant' | 'system';
export type ReplyStatus = 'loading' | 'incomplete' | 'complete' | 'error';

export interface PlaygroundMessage {
  role: Role;
  id: string;
  createAt: number;
  content: string;
  status?: ReplyStatus;
}

/** New message ids count from 4 (spec 001 §9). */
export const FIRST_MESSAGE_ID = 4;

/** The next free id after those in the conversation, never below 4. */
export function nextMessageId(messages: readonly PlaygroundMessage[]): number {
  const used = messages.map((message) => Number(message.id)).filter(Number.isInteger);
  return Math.max(FIRST_MESSAGE_ID - 1, ...used) + 1;
}

export const userMessage = (id: number, content: string, now = Date.now()): PlaygroundMessage => ({
  role: 'user',
  id: String(id),
  createAt: now,
  content,
});

/** A new reply starts as loading, with no text (spec 001 §4). */
export const loadingReply = (id: number, now = Date.now()): PlaygroundMessage => ({
  role: 'assistant',
  id: String(id),
  createAt: now,
  content: '',
  status: 'loading',
});

/** A reply that is complete or failed never changes again. */
export const isFinished = (message: PlaygroundMessage): boolean =>
  message.status === undefined || message.status === 'complete' || message.status === 'error';

export const isPending = (message: PlaygroundMessage): boolean => !isFinished(message);

/** A piece of the answer: the text is appended and the reply becomes incomplete. */
export function appendText(message: PlaygroundMessage, text: string): PlaygroundMessage {
  if (isFinished(message)) return message;
  return { ...message, content: message.content + text, status: 'incomplete' };
}

/** The end of the answer (its end marker, the stream closing, or the user stopping it): complete. */
export function completeReply(message: PlaygroundMessage): PlaygroundMessage {
  if (isFinished(message)) return message;
  return { ...message, status: 'complete' };
}

/** A failure: the error text is appended after what arrived, and the reply becomes error. */
export function failReply(message: PlaygroundMessage, errorText: string): PlaygroundMessage {
  if (isFinished(message)) return message;
  const content = message.content === '' ? errorText : `${message.content}\n\n${errorText}`;
  return { ...message, content, status: 'error' };
}

/** Applies `change` to the message with this id, leaving the others as they are. */
export function updateMessage(
  messages: readonly PlaygroundMessage[],
  id: string,
  change: (message: PlaygroundMessage) => PlaygroundMessage,
): PlaygroundMessage[] {
  return messages.map((message) => (message.id === id ? change(message) : message));
}

/**
 * A conversation read back after a reload, when no stream can still be feeding it: a reply that had
 * text is complete (its connection closed), one that had none failed with `interruptedText`.
 */
export function settleInterrupted(
  messages: readonly PlaygroundMessage[],
  interruptedText: string,
): PlaygroundMessage[] {
  return messages.map((message) => {
    if (message.status === 'incomplete') return completeReply(message);
    if (message.status === 'loading') return failReply(message, interruptedText);
    return message;
  });
}

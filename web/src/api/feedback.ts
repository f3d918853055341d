import type { App } from 'antd';
import { HttpError } from './http-errors.ts';

type AppApi = ReturnType<typeof App.useApp>;
type MessageInstance = AppApi['message'];
type ModalApi = AppApi['modal'];

/**
 * antd's message and modal bound to the app's theme and language, for code outside components
 * (the API client, query callbacks). Filled in by <FeedbackBridge/> once the app has mounted.
 */
export const feedback: { message: MessageInstance | null; modal: ModalApi | null } = {
  message: null,
  modal: null,
};

/** Shows an error's message; a 401 is already handled by the redirect to the login page. */
export function showError(error: unknown): void {
  if (error instanceof HttpError && error.status === 401) return;
  const text = error instanceof Error ? error.message : String(error);
  feedback.message?.error(text);
}

export function showSuccess(text: string): void {
  feedback.message?.success(text);
}

import { App } from 'antd';
import { feedback } from '../api/feedback.ts';

/** Hands antd's themed message and modal to non-component code; rendered once inside <App>. */
export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  feedback.message = message;
  feedback.modal = modal;
  return null;
}

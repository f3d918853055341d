import { Button, Flex, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ChatLinkState } from './chat-link.ts';

/**
 * Everything a chat page shows but the chat itself: loading (also while a ready link is being
 * opened), no token, a broken setting, tokens that could not be read.
 */
export function ChatStateView({
  state,
  failure,
  retry,
  loadingText,
}: {
  state: ChatLinkState;
  failure: Error | null;
  retry: () => void;
  loadingText: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (failure) {
    return (
      <Result
        status="error"
        title={t('chat.tokensFailed')}
        subTitle={failure.message}
        extra={<Button onClick={retry}>{t('chat.retry')}</Button>}
        data-testid="chat-failed"
      />
    );
  }
  if (state.phase === 'noToken') {
    return (
      <Result
        status="warning"
        title={t('chat.noToken')}
        subTitle={t('chat.redirecting')}
        extra={<Button onClick={() => navigate('/token')}>{t('chat.toTokens')}</Button>}
        data-testid="chat-no-token"
      />
    );
  }
  if (state.phase === 'problem') {
    return <Result status="warning" title={t(`chat.error.${state.problem}`)} data-testid="chat-problem" />;
  }
  return (
    <Flex vertical align="center" gap={16} style={{ padding: '96px 0' }} data-testid="chat-loading">
      <Spin size="large" />
      <Typography.Text>{loadingText}</Typography.Text>
    </Flex>
  );
}

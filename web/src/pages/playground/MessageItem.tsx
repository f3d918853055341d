import { LoadingOutlined } from '@ant-design/icons';
import { Flex, Spin, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/markdown/Markdown.tsx';
import type { PlaygroundMessage } from './messages.ts';

/** The body of an assistant reply in each of its states. */
function ReplyBody({ message }: { message: PlaygroundMessage }) {
  const { t } = useTranslation();
  if (message.status === 'loading') {
    return (
      <Flex gap={8} align="center">
        <Spin size="small" indicator={<LoadingOutlined spin />} />
        <Typography.Text type="secondary">{t('playground.thinking')}</Typography.Text>
      </Flex>
    );
  }
  if (message.content === '') {
    return <Typography.Text type="secondary">{t('playground.noAnswer')}</Typography.Text>;
  }
  // The model's text as Markdown; raw HTML in it is never rendered.
  return <Markdown>{message.content}</Markdown>;
}

/** One message of the conversation: the user's as plain text on the right, a reply as Markdown on the left. */
export function MessageItem({ message }: { message: PlaygroundMessage }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const mine = message.role === 'user';
  const failed = message.status === 'error';
  const name = mine ? t('playground.you') : t('playground.assistant');
  return (
    <Flex
      vertical
      align={mine ? 'flex-end' : 'flex-start'}
      gap={4}
      data-testid="playground-message"
      data-role={message.role}
      data-status={message.status ?? 'sent'}
    >
      <Flex gap={8} align="center">
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {name}
        </Typography.Text>
        {message.status === 'incomplete' && <Spin size="small" indicator={<LoadingOutlined spin />} />}
        {failed && (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            {t('playground.failed')}
          </Typography.Text>
        )}
      </Flex>
      <div
        style={{
          maxWidth: mine ? '85%' : '100%',
          minWidth: 0,
          padding: '8px 12px',
          borderRadius: token.borderRadiusLG,
          background: failed ? token.colorErrorBg : mine ? token.colorPrimaryBg : token.colorFillQuaternary,
          border: `1px solid ${failed ? token.colorErrorBorder : 'transparent'}`,
          overflowWrap: 'anywhere',
        }}
      >
        {mine ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
            {message.content}
          </Typography.Paragraph>
        ) : (
          <ReplyBody message={message} />
        )}
      </div>
    </Flex>
  );
}

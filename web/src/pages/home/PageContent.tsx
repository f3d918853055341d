import { Typography } from 'antd';
import { contentKind, textParagraphs } from './content-kind.ts';

/** Shows admin-set content: a framed https page, rendered HTML, or plain text paragraphs. */
export function PageContent({ content, title }: { content: string; title: string }) {
  const kind = contentKind(content);
  const text = content.trim();
  if (kind === 'url') {
    return (
      <iframe
        src={text}
        title={title}
        style={{ width: '100%', height: 'calc(100vh - 200px)', minHeight: 480, border: 'none' }}
      />
    );
  }
  if (kind === 'html') {
    // Content set by an admin in Settings → Other, shown as authored (as new-api does).
    return <div className="page-content" dangerouslySetInnerHTML={{ __html: text }} />;
  }
  return (
    <Typography>
      {textParagraphs(content).map((paragraph, index) => (
        <Typography.Paragraph key={index} style={{ whiteSpace: 'pre-wrap' }}>
          {paragraph}
        </Typography.Paragraph>
      ))}
    </Typography>
  );
}

import { Markdown } from '../../components/markdown/Markdown.tsx';
import { contentKind } from './content-kind.ts';

/** Shows admin-set content: a framed https page, or Markdown with its HTML sanitised. */
export function PageContent({ content, title }: { content: string; title: string }) {
  const text = content.trim();
  if (contentKind(content) === 'url') {
    return (
      <iframe
        src={text}
        title={title}
        style={{ width: '100%', height: 'calc(100vh - 200px)', minHeight: 480, border: 'none' }}
      />
    );
  }
  return (
    <div className="page-content" data-testid="page-content">
      <Markdown html>{text}</Markdown>
    </div>
  );
}

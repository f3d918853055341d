import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import ReactMarkdown from 'react-markdown';
import { markdownPlugins } from './markdown-plugins.ts';
import './markdown.css';

/** A code block with a copy button in its corner; copies the code as text, without the highlighting. */
function CodeBlock(props: ComponentProps<'pre'>) {
  const { t } = useTranslation();
  const ref = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(ref.current?.innerText ?? '');
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="markdown-code">
      <Tooltip title={copied ? t('common.copiedShort') : t('common.copy')}>
        <Button
          className="markdown-code-copy"
          size="small"
          type="text"
          aria-label={t('common.copy')}
          icon={copied ? <CheckOutlined /> : <CopyOutlined />}
          onClick={copy}
          onMouseLeave={() => setCopied(false)}
        />
      </Tooltip>
      <pre ref={ref} className={props.className}>
        {props.children}
      </pre>
    </div>
  );
}

/**
 * Markdown, rendered by react-markdown (GitHub flavour, highlighted code blocks with a copy button).
 * `html`: the text may carry HTML, which is rendered after sanitising (admin-set pages and notices);
 * without it, HTML in the text is never rendered (a model's answer), so nothing in it can run.
 */
export function Markdown({ children, html = false }: { children: string; html?: boolean }) {
  const { remarkPlugins, rehypePlugins } = markdownPlugins(html);
  return (
    <div className="markdown-body">
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        skipHtml={!html}
        components={{ pre: CodeBlock }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}

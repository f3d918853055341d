import rehypeHighlight from 'rehype-highlight';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import type { Options } from 'react-markdown';

type PluggableList = NonNullable<Options['rehypePlugins']>;

/** GitHub's sanitising rules, plus the language class on code that the highlighter reads. */
const schema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [...(defaultSchema.attributes?.code ?? []), ['className', /^language-./]],
  },
};

const remarkPlugins: PluggableList = [remarkGfm];
/** Highlighting runs after sanitising, so its own classes survive and nothing it adds is trusted input. */
const highlight: PluggableList = [[rehypeHighlight, { detect: false }]];
const withHtml: PluggableList = [rehypeRaw, [rehypeSanitize, schema], ...highlight];
const textOnly: PluggableList = [[rehypeSanitize, schema], ...highlight];

/** The plugins for text that may carry (sanitised) HTML, or for text whose HTML is never rendered. */
export function markdownPlugins(html: boolean): {
  remarkPlugins: PluggableList;
  rehypePlugins: PluggableList;
} {
  return { remarkPlugins, rehypePlugins: html ? withHtml : textOnly };
}

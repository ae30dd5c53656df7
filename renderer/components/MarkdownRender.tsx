import ReactMarkdown from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';

const remarkPlugins = [remarkGfm];
const rehypeFinished = [rehypeHighlight];
const rehypeStreaming: [] = [];

/**
 * Model text as GFM. Highlighting runs once the message is final: while streaming, re-highlighting on every
 * frame would cost more than it shows. Raw HTML in model output is never rendered (react-markdown's default).
 * Loaded on first use (see Markdown.tsx): the parser and the highlighter are most of the panel's code.
 */
export default function MarkdownRender({ text, streaming }: { text: string; streaming: boolean }) {
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={streaming ? rehypeStreaming : rehypeFinished}>
      {text}
    </ReactMarkdown>
  );
}

import { lazy, memo, Suspense } from 'react';

/**
 * The Markdown parser and highlighter are a large part of the panel's code and no part of its first screen (the
 * session list): they are loaded when the first message is shown, which shows as plain text until then.
 */
const MarkdownRender = lazy(() => import('./MarkdownRender'));

/** Model text as GFM (see MarkdownRender.tsx). */
export const Markdown = memo(function Markdown({ text, streaming }: { text: string; streaming: boolean }) {
  return (
    <div className="markdown">
      <Suspense fallback={<div className="markdown-plain" style={{ whiteSpace: 'pre-wrap' }}>{text}</div>}>
        <MarkdownRender text={text} streaming={streaming} />
      </Suspense>
    </div>
  );
});

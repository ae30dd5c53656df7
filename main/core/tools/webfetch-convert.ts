import { createDocument, type DominoElement } from '@mixmark-io/domino';
import TurndownService from 'turndown';
import { looksBinary } from './binary';

/** What a response body becomes for the model: Markdown (from HTML) or text as sent; anything else is refused. */
export type Converted =
  | { kind: 'markdown'; title: string | null; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'binary'; mediaType: string };

interface MediaType {
  /** `type/subtype`, lower case; empty when the server sent none. */
  essence: string;
  charset: string | null;
}

function mediaTypeOf(header: string | undefined): MediaType {
  const [essence = '', ...params] = (header ?? '').split(';');
  let charset: string | null = null;
  for (const p of params) {
    const m = /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(p);
    if (m?.[1]) charset = m[1];
  }
  return { essence: essence.trim().toLowerCase(), charset };
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const TEXT_TYPES = new Set([
  'application/json',
  'application/xml',
  'application/javascript',
  'application/ecmascript',
  'application/x-javascript',
  'application/x-ndjson',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
  'application/x-sh',
  'application/sql',
  'application/graphql',
]);

function isTextType(essence: string): boolean {
  return essence.startsWith('text/') || TEXT_TYPES.has(essence) || essence.endsWith('+json') || essence.endsWith('+xml');
}

/** With no Content-Type: HTML when it starts like HTML, text when it has no NUL byte, binary otherwise. */
function sniff(body: Buffer): 'html' | 'text' | 'binary' {
  if (looksBinary(body)) return 'binary';
  const head = body.subarray(0, 1024).toString('latin1').trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html') ? 'html' : 'text';
}

/** Decodes by the declared charset, else a `<meta charset>` in the first 2 KiB of an HTML page, else UTF-8. */
function decode(body: Buffer, charset: string | null, html: boolean): string {
  let label = charset;
  if (label === null && html) {
    const m = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(body.subarray(0, 2048).toString('latin1'));
    label = m?.[1] ?? null;
  }
  try {
    return new TextDecoder(label ?? 'utf-8').decode(body);
  } catch {
    // An unknown label: UTF-8 is what the web mostly sends.
    return new TextDecoder('utf-8').decode(body);
  }
}

/** Parts of a page that carry no reading matter (code, styles, embedded frames and media). */
const DROPPED = 'script, style, noscript, template, iframe, object, embed, canvas, svg, link, meta';

/** `href` resolved against the page's address; null for a script link or something that is not a URL. */
function absolute(value: string, base: string): string | null {
  try {
    const url = new URL(value, base);
    return url.protocol === 'javascript:' ? null : url.href;
  } catch {
    return null;
  }
}

function rewrite(el: DominoElement, attr: string, base: string): void {
  const value = el.getAttribute(attr);
  if (value === null) return;
  const abs = absolute(value, base);
  // An inline image's data URL is kilobytes of base64 the model cannot look at: its alt text stays.
  if (abs === null || abs.startsWith('data:')) el.removeAttribute(attr);
  else el.setAttribute(attr, abs);
}

/** HTML to Markdown by turndown, links and images made absolute against the page (or its `<base href>`). */
export function htmlToMarkdown(html: string, pageUrl: string): { title: string | null; text: string } {
  const doc = createDocument(html, true);
  const title = doc.title.trim().replace(/\s+/g, ' ') || null;
  const baseHref = doc.querySelector('base[href]')?.getAttribute('href');
  const base = (baseHref ? absolute(baseHref, pageUrl) : null) ?? pageUrl;
  for (const el of [...doc.querySelectorAll(DROPPED)]) el.remove();
  for (const el of doc.querySelectorAll('a[href]')) rewrite(el, 'href', base);
  for (const el of doc.querySelectorAll('img[src]')) rewrite(el, 'src', base);
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  turndown.addRule('imageWithoutAddress', {
    filter: (node) => node.nodeName === 'IMG' && !node.getAttribute('src'),
    replacement: (_content, node) => {
      const alt = node.getAttribute('alt')?.trim();
      return alt ? `[image: ${alt}]` : '';
    },
  });
  const text = doc.body ? turndown.turndown(doc.body as unknown as TurndownService.Node) : '';
  return { title, text: text.replace(/\n{3,}/g, '\n\n').trim() };
}

export function convertBody(body: Buffer, contentType: string | undefined, pageUrl: string): Converted {
  const type = mediaTypeOf(contentType);
  const kind = type.essence === '' ? sniff(body) : HTML_TYPES.has(type.essence) ? 'html' : isTextType(type.essence) ? 'text' : 'binary';
  // A text type with NUL bytes in it is mislabelled binary.
  if (kind === 'binary' || looksBinary(body)) return { kind: 'binary', mediaType: type.essence || 'unlabelled binary data' };
  const text = decode(body, type.charset, kind === 'html');
  if (kind === 'html') return { kind: 'markdown', ...htmlToMarkdown(text, pageUrl) };
  return { kind: 'text', text };
}

import { OutputCapture } from '../tools/output-capture';
import type { ToolOutcome } from '../tools/types';

/** A content block of a tool result, as the protocol defines it (fields the engine reads). */
type Block =
  | { type: 'text'; text: string }
  | { type: 'image' | 'audio'; data: string; mimeType: string }
  | { type: 'resource'; resource: { uri: string; mimeType?: string; text?: string; blob?: string } }
  | { type: 'resource_link'; uri: string; name: string; mimeType?: string; description?: string }
  | { type: string };

export interface ToolResultLike {
  content?: unknown;
  structuredContent?: unknown;
  isError?: unknown;
  /** The result of servers on the protocol's first version (2024-10-07). */
  toolResult?: unknown;
}

/** Bytes a base64 string decodes to. */
function base64Bytes(data: string): number {
  const clean = data.replace(/\s/g, '');
  const pad = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - pad);
}

function blockText(block: Block): string {
  switch (block.type) {
    case 'text':
      return (block as { text: string }).text;
    case 'image':
    case 'audio': {
      const b = block as { type: 'image' | 'audio'; data: string; mimeType: string };
      return `[${b.type}: ${b.mimeType}, ${base64Bytes(String(b.data ?? ''))} bytes]`;
    }
    case 'resource': {
      const r = (block as { resource: { uri: string; mimeType?: string; text?: string; blob?: string } }).resource;
      if (typeof r.text === 'string') return `[resource: ${r.uri}${r.mimeType ? `, ${r.mimeType}` : ''}]\n${r.text}`;
      return `[resource: ${r.uri}${r.mimeType ? `, ${r.mimeType}` : ''}, ${base64Bytes(String(r.blob ?? ''))} bytes]`;
    }
    case 'resource_link': {
      const l = block as { uri: string; name: string; mimeType?: string; description?: string };
      const about = [l.mimeType, l.description].filter((x) => typeof x === 'string' && x !== '').join(' — ');
      return `[resource link: ${l.name} <${l.uri}>${about ? ` (${about})` : ''}]`;
    }
    default:
      return `[${block.type} content]`;
  }
}

/**
 * A tool result as the model reads it: text blocks as they are, images and audio as a note of their type and
 * size, embedded resources with their text, resource links as a line naming them, and `structuredContent` as
 * JSON text (unless a text block already holds the same JSON). Capped like Bash output: the first 20 000 and
 * last 10 000 bytes, with a note of what was left out. `isError` makes it a tool error.
 */
export function toolOutcome(result: ToolResultLike): ToolOutcome {
  const blocks = Array.isArray(result.content) ? (result.content as Block[]) : [];
  const parts = blocks.filter((b) => typeof b === 'object' && b !== null && typeof b.type === 'string').map(blockText);
  if (result.structuredContent !== undefined && result.structuredContent !== null) {
    const json = JSON.stringify(result.structuredContent);
    const already = parts.some((p) => {
      if (p.length > json.length + 1024) return false;
      try {
        return JSON.stringify(JSON.parse(p)) === json;
      } catch {
        return false;
      }
    });
    if (!already) parts.push(json);
  }
  if (parts.length === 0 && result.toolResult !== undefined) parts.push(JSON.stringify(result.toolResult));
  const text = parts.length > 0 ? parts.join('\n') : '(the tool returned no content)';
  const capture = new OutputCapture();
  capture.push(Buffer.from(text, 'utf8'));
  const capped = capture.text();
  if (result.isError === true) return { ok: false, error: capped };
  return capture.omitted > 0 ? { ok: true, output: capped, truncated: true } : { ok: true, output: capped };
}

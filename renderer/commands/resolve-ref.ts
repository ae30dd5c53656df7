import { msg, type Msg } from '../../shared/i18n/message';

export interface Refd {
  id: string;
  ref: string;
}

/** A miss says why as data, so the log line it becomes re-renders in a new language. */
export type Resolved<T> = { ok: true; item: T } | { ok: false; message: Msg };

/** Exact id, exact ref, unique id prefix, unique ref prefix, in that order, so an exact match beats a prefix; `#n` picks the n-th (1-based). */
/** What is being looked for, named in the messages. */
export type RefKind = 'session' | 'prompt' | 'approval';

export function resolveRef<T extends Refd>(items: readonly T[], query: string, kind: RefKind): Resolved<T> {
  const what = msg(`commands.ref.what.${kind}`);
  const q = query.trim().toLowerCase();
  if (!q) return { ok: false, message: msg('commands.ref.none', { what }) };
  const index = /^#(\d+)$/.exec(q);
  if (index) {
    const item = items[Number(index[1]) - 1];
    return item ? { ok: true, item } : { ok: false, message: msg('commands.ref.notFound', { what, query }) };
  }
  const exact = items.find((i) => i.id.toLowerCase() === q) ?? items.find((i) => i.ref.toLowerCase() === q);
  if (exact) return { ok: true, item: exact };
  for (const field of ['id', 'ref'] as const) {
    const hits = items.filter((i) => i[field].toLowerCase().startsWith(q));
    if (hits.length === 1) return { ok: true, item: hits[0]! };
    if (hits.length > 1) return { ok: false, message: msg('commands.ref.ambiguous', { what, query }) };
  }
  return { ok: false, message: msg('commands.ref.notFound', { what, query }) };
}

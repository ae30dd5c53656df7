export interface Refd {
  id: string;
  ref: string;
}

export type Resolved<T> = { ok: true; item: T } | { ok: false; message: string };

/** Exact id, exact ref, unique id prefix, unique ref prefix, in that order, so an exact match beats a prefix; `#n` picks the n-th (1-based). */
export function resolveRef<T extends Refd>(items: readonly T[], query: string, what: string): Resolved<T> {
  const q = query.trim().toLowerCase();
  if (!q) return { ok: false, message: `no ${what} given` };
  const index = /^#(\d+)$/.exec(q);
  if (index) {
    const item = items[Number(index[1]) - 1];
    return item ? { ok: true, item } : { ok: false, message: `${what} not found: ${query}` };
  }
  const exact = items.find((i) => i.id.toLowerCase() === q) ?? items.find((i) => i.ref.toLowerCase() === q);
  if (exact) return { ok: true, item: exact };
  for (const field of ['id', 'ref'] as const) {
    const hits = items.filter((i) => i[field].toLowerCase().startsWith(q));
    if (hits.length === 1) return { ok: true, item: hits[0]! };
    if (hits.length > 1) return { ok: false, message: `ambiguous ${what} prefix: ${query}` };
  }
  return { ok: false, message: `${what} not found: ${query}` };
}

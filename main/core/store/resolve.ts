import { err, ok, type Result } from '../../../shared/result';

export interface Candidate {
  id: string;
  ref: string;
  name?: string | null;
}

/**
 * Resolution order shared by every command: exact id, exact ref, exact name, unique id prefix, unique ref prefix.
 * Ambiguity is reported with the candidates, never guessed.
 */
export function resolveCandidate<T extends Candidate>(kind: string, query: string, all: readonly T[]): Result<T> {
  const q = query.trim();
  const exact =
    all.find((c) => c.id === q) ?? all.find((c) => c.ref === q) ?? all.find((c) => c.name != null && c.name === q);
  if (exact) return ok(exact);
  const lower = q.toLowerCase();
  if (lower.length === 0) return err('invalid_input', `empty ${kind} reference`);
  for (const key of ['id', 'ref'] as const) {
    const hits = all.filter((c) => c[key].toLowerCase().startsWith(lower));
    if (hits.length === 1) return ok(hits[0] as T);
    if (hits.length > 1) {
      const list = hits.slice(0, 8).map((c) => c.ref).join(', ');
      return err('ambiguous', `ambiguous ${kind} "${q}": matches ${hits.length} (${list})`);
    }
  }
  return err('not_found', `${kind} not found: "${q}"`);
}

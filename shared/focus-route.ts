/**
 * How main and the page agree on "which session card is focused", without a contract channel: the location
 * hash. Main sets `#/session/<id>[/approval/<id>]` (via the preload) to bring a card into view; the page
 * may set the same hash when the user focuses a card, and main reads it to decide what is "unfocused".
 */
export interface FocusRoute {
  sessionId: string;
  approvalId: string | null;
}

const SAFE_ID = /^[A-Za-z0-9_.:-]{1,200}$/;

export function formatFocusHash(route: FocusRoute): string {
  if (!SAFE_ID.test(route.sessionId) || (route.approvalId !== null && !SAFE_ID.test(route.approvalId))) {
    throw new Error('focus route ids must be plain ids');
  }
  const base = `#/session/${route.sessionId}`;
  return route.approvalId === null ? base : `${base}/approval/${route.approvalId}`;
}

/** Reads a focus route from a full URL or a bare hash; null when it is not one. */
export function parseFocusHash(urlOrHash: string): FocusRoute | null {
  const hashAt = urlOrHash.indexOf('#');
  if (hashAt < 0) return null;
  const match = /^#\/session\/([^/]+)(?:\/approval\/([^/]+))?\/?$/.exec(urlOrHash.slice(hashAt));
  if (!match) return null;
  const [, sessionId, approvalId] = match;
  if (sessionId === undefined || !SAFE_ID.test(sessionId)) return null;
  if (approvalId !== undefined && !SAFE_ID.test(approvalId)) return null;
  return { sessionId, approvalId: approvalId ?? null };
}

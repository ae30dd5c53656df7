import { render, type Msg } from '../../shared/i18n/message';
import type { Lang } from '../../shared/i18n/lang';

/** Where the panel's own (non-engine) state lives; focus and layout survive a reload through localStorage. */
export type Layout = 1 | 2 | 4;
export type Overlay = 'none' | 'setup' | 'config' | 'permissions' | 'help' | 'inbox' | 'context' | 'mcp' | 'gateways' | 'machines' | 'hooks' | 'sandbox';

/** A line of the command log, kept as data (`said`) and rendered in the panel's language each time it paints. */
export interface LogLine {
  id: number;
  tone: 'info' | 'warn' | 'error';
  said: Msg | string;
}

/** A log line in a language: its sentence rendered; text that is no sentence as it was written. */
export function logLineText(lang: Lang, line: LogLine): string {
  return typeof line.said === 'string' ? line.said : render(lang, line.said);
}

export interface UiState {
  focusedSessionId: string | null;
  layout: Layout;
  /** Sessions shown in the grid besides the focused one. */
  gridIds: string[];
  overlay: Overlay;
  newSessionOpen: boolean;
  /** Text to send once the new-session form creates its session (`/new <text>` with no workspace known). */
  pendingPrompt: string | null;
  unread: Record<string, boolean>;
  log: LogLine[];
  connection: 'connecting' | 'open' | 'closed';
  hydrated: boolean;
  lastWorkspace: string | null;
}

const STORAGE_KEY = 'paragents.panel';

interface Persisted {
  focusedSessionId: string | null;
  layout: Layout;
  gridIds: string[];
  lastWorkspace: string | null;
}

export function initialUi(): UiState {
  const saved = loadPersisted();
  return {
    focusedSessionId: saved?.focusedSessionId ?? null,
    layout: saved?.layout ?? 1,
    gridIds: saved?.gridIds ?? [],
    overlay: 'none',
    newSessionOpen: false,
    pendingPrompt: null,
    unread: {},
    log: [],
    connection: 'connecting',
    hydrated: false,
    lastWorkspace: saved?.lastWorkspace ?? null,
  };
}

export function persistUi(ui: UiState): void {
  const data: Persisted = {
    focusedSessionId: ui.focusedSessionId,
    layout: ui.layout,
    gridIds: ui.gridIds,
    lastWorkspace: ui.lastWorkspace,
  };
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(data));
  } catch {
    // storage may be disabled; the panel works without it
  }
}

function loadPersisted(): Persisted | null {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const data = JSON.parse(raw) as Partial<Persisted>;
    return {
      focusedSessionId: typeof data.focusedSessionId === 'string' ? data.focusedSessionId : null,
      layout: data.layout === 2 || data.layout === 4 ? data.layout : 1,
      gridIds: Array.isArray(data.gridIds) ? data.gridIds.filter((x): x is string => typeof x === 'string') : [],
      lastWorkspace: typeof data.lastWorkspace === 'string' ? data.lastWorkspace : null,
    };
  } catch {
    return null;
  }
}

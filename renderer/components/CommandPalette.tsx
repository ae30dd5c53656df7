import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { SearchHit, SearchHitKind, SessionSummary } from '../../shared';
import { COMMANDS, type CommandSpec } from '../commands/catalog';
import { commandHelp } from '../commands/help-text';
import { runInput } from '../commands/run-input';
import { openHit, reopenSession, showSession } from '../store/search';
import { useT, type T } from '../i18n';
import { sessionTitle } from '../store/status';
import { usePanel, usePanelStore } from '../store/use-panel';
import { RemoteBadge } from './MachineBadge';
import { machineOf } from '../store/machines';
import '../styles/palette.css';

const kindText = (t: T, kind: SearchHitKind): string => t(`palette.kinds.${kind}`);

/** Typing pauses this long before the history is searched. */
export const SEARCH_DEBOUNCE_MS = 150;
/** Sessions and commands listed at most; the history's hits come after them. */
const MAX_SESSIONS = 8;
const MAX_COMMANDS = 8;
const MAX_HITS = 20;

interface SessionEntry {
  id: string;
  ref: string;
  title: string;
  workspace: string;
  closed: boolean;
}

type Option =
  | { kind: 'session'; key: string; session: SessionEntry }
  | { kind: 'reopen'; key: string; session: SessionEntry }
  | { kind: 'command'; key: string; command: CommandSpec }
  | { kind: 'hit'; key: string; hit: SearchHit };

const words = (text: string): string[] => text.toLowerCase().split(/\s+/).filter(Boolean);
const matchesAll = (haystack: string, query: readonly string[]): boolean => query.every((w) => haystack.includes(w));
/** A command needs an argument when its usage names one in <angle brackets>. */
const needsArgument = (c: CommandSpec): boolean => c.usage.includes('<');

/**
 * Ctrl/Cmd+K: one box to reach a session (by name, workspace or ref; closed sessions too, which can be reopened),
 * run a slash command, or find words in every session's history (`search.query`, as the typing pauses). Arrows
 * choose, Enter opens, Escape closes. A history hit opens its session at that message.
 */
export function CommandPalette() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen((was) => !was);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return open ? <PaletteDialog onClose={() => setOpen(false)} /> : null;
}

function PaletteDialog({ onClose }: { onClose: () => void }) {
  const panel = usePanelStore();
  const api = usePanel((s) => s.api);
  const known = usePanel((s) => s.domain.sessions);
  const order = usePanel((s) => s.domain.sessionOrder);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [closedSessions, setClosedSessions] = useState<SessionSummary[]>([]);
  const [hits, setHits] = useState<{ text: string; hits: SearchHit[] } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const restoreFocus = useRef<Element | null>(null);
  const listId = useId();
  const t = useT();

  // Focus moves into the box, and back to where it was when the palette closes.
  useEffect(() => {
    restoreFocus.current = document.activeElement;
    inputRef.current?.focus();
    return () => {
      if (restoreFocus.current instanceof HTMLElement) restoreFocus.current.focus();
    };
  }, []);

  // Closed sessions are not in the panel's list: read once when the palette opens.
  useEffect(() => {
    let live = true;
    void api['session.list']({ includeClosed: true }).then((r) => {
      if (live && r.ok) setClosedSessions(r.value.filter((s) => s.closedAt !== null));
    });
    return () => {
      live = false;
    };
  }, [api]);

  const query = text.trim();
  const searchable = !query.startsWith('/') && [...query].length >= 2;
  // The history is searched once the typing pauses; an answer to an older text is dropped.
  useEffect(() => {
    if (!searchable) return;
    let live = true;
    const timer = setTimeout(() => {
      void api['search.query']({ text, limit: MAX_HITS }).then((r) => {
        if (live) setHits({ text, hits: r.ok ? r.value : [] });
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, text, searchable]);

  const sessions = useMemo<SessionEntry[]>(() => {
    const listed = order.flatMap((id) => {
      const v = known[id];
      return v ? [{ id: v.id, ref: v.ref, title: sessionTitle(v), workspace: v.workspace, closed: v.closed }] : [];
    });
    const seen = new Set(listed.map((s) => s.id));
    const closed = closedSessions
      .filter((s) => !seen.has(s.id))
      .map((s) => ({ id: s.id, ref: s.ref, title: s.name ?? s.ref, workspace: s.workspace, closed: known[s.id]?.closed ?? true }));
    return [...listed.filter((s) => !s.closed), ...listed.filter((s) => s.closed), ...closed];
  }, [order, known, closedSessions]);

  const options = useMemo<Option[]>(() => {
    if (query.startsWith('/')) {
      const name = query.slice(1).split(/\s+/)[0]?.toLowerCase() ?? '';
      return COMMANDS.filter((c) => c.name.startsWith(name)).map((command) => ({ kind: 'command', key: `command:${command.name}`, command }));
    }
    const q = words(query);
    const out: Option[] = [];
    for (const s of sessions.filter((s) => matchesAll(`${s.title} ${s.ref} ${s.workspace}`.toLowerCase(), q)).slice(0, MAX_SESSIONS)) {
      out.push({ kind: 'session', key: `session:${s.id}`, session: s });
      if (s.closed && q.length > 0) out.push({ kind: 'reopen', key: `reopen:${s.id}`, session: s });
    }
    for (const command of COMMANDS.filter((c) => matchesAll(`${c.name} ${c.help}`.toLowerCase(), q)).slice(0, MAX_COMMANDS)) {
      out.push({ kind: 'command', key: `command:${command.name}`, command });
    }
    if (searchable && hits?.text === text) {
      // Each machine's engine numbers its own events: a seq names a hit only together with its machine.
      for (const hit of hits.hits) out.push({ kind: 'hit', key: `hit:${machineOf(hit.machine)}:${hit.seq}`, hit });
    }
    return out;
  }, [query, text, sessions, hits, searchable]);

  const current = Math.min(active, options.length - 1);
  const optionId = (i: number) => `${listId}-${i}`;

  useEffect(() => {
    setActive(0);
  }, [text]);
  useEffect(() => {
    document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' });
  });

  const choose = (option: Option | undefined) => {
    if (!option) return;
    switch (option.kind) {
      case 'session':
        onClose();
        void showSession(panel, option.session.id, option.session.ref);
        return;
      case 'reopen':
        onClose();
        void reopenSession(panel, option.session.id);
        return;
      case 'command': {
        const { command } = option;
        const typed = query.startsWith(`/${command.name} `) ? query : null;
        if (!typed && needsArgument(command)) {
          setText(`/${command.name} `);
          inputRef.current?.focus();
          return;
        }
        onClose();
        void runInput(panel, typed ?? `/${command.name}`);
        return;
      }
      case 'hit':
        onClose();
        void openHit(panel, option.hit);
        return;
      default: {
        const _never: never = option;
        return _never;
      }
    }
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        e.preventDefault();
        if (options.length === 0) return;
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((current + step + options.length) % options.length);
        return;
      }
      case 'Enter':
        e.preventDefault();
        // A command line typed whole runs as typed, whichever command is marked.
        if (query.startsWith('/') && /\s/.test(query)) {
          onClose();
          void runInput(panel, query);
          return;
        }
        choose(options[current]);
        return;
      case 'Escape':
        e.preventDefault();
        e.stopPropagation();
        onClose();
        return;
    }
  };

  const groups: { label: string; kinds: Option['kind'][] }[] = [
    { label: t('palette.sessions'), kinds: ['session', 'reopen'] },
    { label: t('palette.commands'), kinds: ['command'] },
    { label: t('palette.messages'), kinds: ['hit'] },
  ];
  const waiting = searchable && hits?.text !== text;

  return (
    <div className="palette-backdrop" onMouseDown={onClose}>
      <div role="dialog" aria-modal="true" aria-label={t('palette.dialog')} className="palette" onMouseDown={(e) => e.stopPropagation()} onKeyDown={onKey}>
        <input
          ref={inputRef}
          type="search"
          aria-label={t('palette.search')}
          placeholder={t('palette.placeholder')}
          aria-controls={listId}
          aria-activedescendant={options.length > 0 ? optionId(current) : undefined}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <div id={listId} role="listbox" aria-label={t('palette.results')} className="palette-list">
          {groups.map((g) => {
            const members = options.map((o, i) => [o, i] as const).filter(([o]) => g.kinds.includes(o.kind));
            if (members.length === 0) return null;
            return (
              <div key={g.label} role="group" aria-label={g.label} className="palette-group">
                <div className="palette-group-label" aria-hidden="true">
                  {g.label}
                </div>
                {members.map(([o, i]) => (
                  <div
                    key={o.key}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === current}
                    className={`palette-option${i === current ? ' active' : ''}`}
                    onMouseMove={() => i !== current && setActive(i)}
                    onClick={() => choose(o)}
                  >
                    <OptionView option={o} />
                  </div>
                ))}
              </div>
            );
          })}
          {waiting ? (
            <div className="palette-status" role="status">
              {t('palette.searching')}
            </div>
          ) : null}
          {!waiting && options.length === 0 ? (
            <div className="palette-status" role="status">
              {t('palette.nothing')}
            </div>
          ) : null}
        </div>
        <div className="palette-hint" aria-hidden="true">
          {t('palette.hint')}
        </div>
      </div>
    </div>
  );
}

function OptionView({ option }: { option: Option }) {
  const t = useT();
  switch (option.kind) {
    case 'session': {
      const s = option.session;
      return (
        <>
          <span className="palette-title">{s.title}</span>
          <span className="palette-ref">{s.ref}</span>
          {s.closed ? <span className="palette-tag">{t('palette.closed')}</span> : null}
          <span className="palette-meta">{s.workspace}</span>
        </>
      );
    }
    case 'reopen':
      return <span className="palette-title">{t('palette.reopen', { title: option.session.title })}</span>;
    case 'command':
      return (
        <>
          <span className="palette-title">{option.command.usage}</span>
          <span className="palette-meta">{commandHelp(t, option.command)}</span>
        </>
      );
    case 'hit': {
      const h = option.hit;
      return (
        <>
          <span className="palette-title">{h.sessionName ?? h.sessionRef}</span>
          <RemoteBadge machine={h.machine} />
          <span className="palette-tag">{h.tool ? `${kindText(t, h.kind)} · ${h.tool}` : kindText(t, h.kind)}</span>
          {h.closed ? <span className="palette-tag">{t('palette.closed')}</span> : null}
          <span className="palette-snippet">{marked(h.snippet.text, h.snippet.highlights)}</span>
        </>
      );
    }
    default: {
      const _never: never = option;
      return _never;
    }
  }
}

/** The snippet with its matched words in <mark>. */
function marked(text: string, highlights: readonly (readonly [number, number])[]): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of highlights) {
    if (start < at) continue;
    if (start > at) out.push(text.slice(at, start));
    out.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

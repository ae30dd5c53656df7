import { planProgress } from '../../shared/plan';
import { PlanProgress } from './PlanView';
import { memo, useEffect, useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useT, type T } from '../i18n';
import type { SessionView } from '../store/types';
import { useActions, usePanel } from '../store/use-panel';
import { displayStatus, pendingApprovalCounts, queueCount, sessionTitle, type DisplayStatus } from '../store/status';

interface Row {
  id: string;
  ref: string;
  title: string;
  workspace: string;
  status: DisplayStatus;
  queue: number;
  approvals: number;
  tokens: number;
  /** The parent's ref, for a child session (null at the top). */
  parent: string | null;
  /** The live plan's progress (null: no plan). */
  plan: { done: number; total: number } | null;
}

/** Rows rendered in the list's first frame: more than a screen holds. */
const FIRST_ROWS = 40;

/** The sidebar's list: open sessions grouped by workspace, each with ref, status chip, queue, unread and tokens. */
export function SessionList() {
  // Rows are serialised so useShallow compares them by value: the list re-renders only when a row changes.
  const rows = usePanel(
    useShallow((s) => {
      const pending = pendingApprovalCounts(s.domain);
      return s.domain.sessionOrder
        .map((id) => s.domain.sessions[id])
        .filter((v): v is SessionView => v !== undefined && !v.closed)
        .map((v) => {
          const row: Row = {
            id: v.id,
            ref: v.ref,
            title: sessionTitle(v),
            workspace: v.workspace,
            status: displayStatus(s.domain, v),
            queue: queueCount(s.domain, v),
            approvals: pending.get(v.id) ?? 0,
            tokens: v.totalTokens,
            parent: v.parent ?? null,
            plan: planProgress(v.plan),
          };
          return JSON.stringify(row);
        });
    }),
  );
  const focused = usePanel((s) => s.ui.focusedSessionId);
  const unread = usePanel((s) => s.ui.unread);
  const gridIds = usePanel((s) => s.ui.gridIds);
  const layout = usePanel((s) => s.ui.layout);
  const t = useT();

  // A long list is put on screen in two frames: the rows that fit first, the rest right after.
  const [limit, setLimit] = useState(FIRST_ROWS);
  const more = rows.length > limit;
  useEffect(() => {
    if (!more) return;
    const frame = requestAnimationFrame(() => setLimit(Number.POSITIVE_INFINITY));
    return () => cancelAnimationFrame(frame);
  }, [more]);

  // Children are listed under their parent (whatever folder they work in), the parent's row holding them.
  const shown = rows.slice(0, limit);
  const refs = new Set(shown.map((json) => (JSON.parse(json) as Row).ref));
  const kids = new Map<string, string[]>();
  const top: string[] = [];
  for (const json of shown) {
    const parent = (JSON.parse(json) as Row).parent;
    if (parent !== null && refs.has(parent)) kids.set(parent, [...(kids.get(parent) ?? []), json]);
    else top.push(json);
  }
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string): void =>
    setCollapsed((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const item = (json: string): ReactNode => {
    const row = JSON.parse(json) as Row;
    const children = kids.get(row.ref) ?? [];
    return (
      <SessionRow
        key={row.id}
        json={json}
        focused={row.id === focused}
        unread={unread[row.id] === true}
        pinnable={layout > 1 && row.id !== focused}
        pinned={gridIds.includes(row.id)}
        childCount={children.length}
        collapsed={collapsed.has(row.id)}
        onToggle={() => toggle(row.id)}
      >
        {children.length > 0 && !collapsed.has(row.id) ? (
          <ul className="session-children" aria-label={t('sessions.childrenList', { name: row.title })}>
            {children.map(item)}
          </ul>
        ) : null}
      </SessionRow>
    );
  };

  const groups = new Map<string, string[]>();
  for (const json of top) {
    const workspace = (JSON.parse(json) as Row).workspace;
    const list = groups.get(workspace) ?? [];
    list.push(json);
    groups.set(workspace, list);
  }

  // Rows are memoised on their own props: a focus change re-renders two rows, not the whole list.
  return (
    <ul className="session-list" aria-label={t('sessions.list')}>
      {[...groups.entries()].map(([workspace, list]) => (
        <li key={workspace} className="session-group">
          <div className="group-title" title={workspace}>
            {shortPath(workspace)}
          </div>
          <ul className="session-group-items">{list.map(item)}</ul>
        </li>
      ))}
    </ul>
  );
}

interface RowProps {
  json: string;
  focused: boolean;
  unread: boolean;
  pinnable: boolean;
  pinned: boolean;
  childCount: number;
  collapsed: boolean;
  onToggle(): void;
  children?: ReactNode;
}

const SessionRow = memo(function SessionRow({ json, focused, unread, pinnable, pinned, childCount, collapsed, onToggle, children }: RowProps) {
  const actions = useActions();
  const row = JSON.parse(json) as Row;
  const t = useT();
  return (
    <li className={`session-item${focused ? ' focused' : ''}`}>
      <button type="button" className="session-button" aria-current={focused ? 'true' : undefined} onClick={() => actions.focus(row.id)}>
        <span className="session-line">
          <span className="session-name">{row.title}</span>
          <span className="session-ref">{row.ref}</span>
          {unread ? <span className="unread-dot" role="img" aria-label={t('sessions.unread')} /> : null}
        </span>
        <span className="session-meta">
          <span className={`chip chip-${row.status}`}>{chipText(t, row)}</span>
          {row.queue > 0 ? <span className="meta">{t('sessions.queued', { count: row.queue })}</span> : null}
          {row.plan ? <PlanProgress done={row.plan.done} total={row.plan.total} /> : null}
          {row.tokens > 0 ? <span className="meta">{t('sessions.tokens', { tokens: formatTokens(row.tokens) })}</span> : null}
        </span>
      </button>
      {pinnable ? (
        <button
          type="button"
          className="pin-button"
          aria-pressed={pinned}
          title={t('sessions.showInGrid')}
          aria-label={t('sessions.showRefInGrid', { ref: row.ref })}
          onClick={() => actions.toggleGrid(row.id)}
        >
          ▦
        </button>
      ) : null}
      {childCount > 0 ? (
        <button
          type="button"
          className="children-toggle"
          aria-expanded={!collapsed}
          aria-label={t(collapsed ? 'sessions.expandChildren' : 'sessions.collapseChildren', { name: row.title })}
          onClick={onToggle}
        >
          {collapsed ? '▸' : '▾'} {t('sessions.children', { count: childCount })}
        </button>
      ) : null}
      {children}
    </li>
  );
});

function chipText(t: T, row: Row): string {
  if (row.status === 'waiting_approval' && row.approvals > 1) return t('sessions.approvalsChip', { label: t('status.waiting_approval'), count: row.approvals });
  return t(`status.${row.status}`);
}

export function formatTokens(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(n >= 10_000 ? 0 : 1)}k` : String(n);
}

/** The tail of a long path, which is the part that tells workspaces apart. */
export function shortPath(path: string, max = 36): string {
  return path.length <= max ? path : `…${path.slice(path.length - max + 1)}`;
}

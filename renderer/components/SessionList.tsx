import { planProgress } from '../../shared/plan';
import { PlanProgress } from './PlanView';
import { memo, useEffect, useId, useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useT, type T } from '../i18n';
import type { SessionView } from '../store/types';
import { useActions, usePanel } from '../store/use-panel';
import { displayStatus, pendingApprovalCounts, queueCount, sessionTitle, type DisplayStatus } from '../store/status';
import { machineGroupOrder, machineOf, showsMachines } from '../store/machines';
import { isOffline, MachineGroup, offlineNoteId } from './MachineGroup';

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
  /** The machine it runs on (`local`: this one). */
  machine: string;
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
            machine: machineOf(v.machine),
          };
          return JSON.stringify(row);
        });
    }),
  );
  const focused = usePanel((s) => s.ui.focusedSessionId);
  const unread = usePanel((s) => s.ui.unread);
  const gridIds = usePanel((s) => s.ui.gridIds);
  const layout = usePanel((s) => s.ui.layout);
  // With no remote machine anywhere the list is as it always was: no machine groups, no badges.
  const grouped = usePanel((s) => showsMachines(s.domain));
  const machines = usePanel((s) => s.domain.machines);
  const machineOrder = usePanel((s) => s.domain.machineOrder);
  const listId = useId();
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
  const groupId = (machine: string): string => `${listId}-machine-${machine}`;
  const item = (json: string): ReactNode => {
    const row = JSON.parse(json) as Row;
    const children = kids.get(row.ref) ?? [];
    const offline = grouped && isOffline(machines[row.machine]?.state ?? null);
    return (
      <SessionRow
        key={row.id}
        json={json}
        badge={grouped}
        offlineNote={offline ? offlineNoteId(groupId(row.machine)) : null}
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

  const byWorkspace = (jsons: readonly string[]): ReactNode[] =>
    [...groupBy(jsons, (row) => row.workspace).entries()].map(([workspace, list]) => (
      <li key={workspace} className="session-group">
        <div className="group-title" title={workspace}>
          {shortPath(workspace)}
        </div>
        <ul className="session-group-items">{list.map(item)}</ul>
      </li>
    ));

  // Rows are memoised on their own props: a focus change re-renders two rows, not the whole list.
  if (!grouped) {
    return (
      <ul className="session-list" aria-label={t('sessions.list')}>
        {byWorkspace(top)}
      </ul>
    );
  }
  // Sessions by machine (`local` first, then the machines list's order), each machine's by workspace.
  const byMachine = groupBy(top, (row) => row.machine);
  return (
    <ul className="session-list" aria-label={t('sessions.list')}>
      {machineGroupOrder(machineOrder, byMachine.keys())
        .filter((name) => byMachine.has(name))
        .map((name) => (
          <li key={name} className="machine-group-item">
            <MachineGroup name={name} state={machines[name]?.state ?? null} groupId={groupId(name)}>
              <ul className="session-group-list">{byWorkspace(byMachine.get(name) ?? [])}</ul>
            </MachineGroup>
          </li>
        ))}
    </ul>
  );
}

/** Serialised rows by one of their fields, in the order the rows come. */
function groupBy(jsons: readonly string[], key: (row: Row) => string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const json of jsons) {
    const k = key(JSON.parse(json) as Row);
    groups.set(k, [...(groups.get(k) ?? []), json]);
  }
  return groups;
}

interface RowProps {
  json: string;
  /** Whether rows carry their machine's name (only when some session or configured machine is remote). */
  badge: boolean;
  /** The id of the sentence saying the row's machine is disconnected (its row greyed), or null. */
  offlineNote: string | null;
  focused: boolean;
  unread: boolean;
  pinnable: boolean;
  pinned: boolean;
  childCount: number;
  collapsed: boolean;
  onToggle(): void;
  children?: ReactNode;
}

const SessionRow = memo(function SessionRow({ json, badge, offlineNote, focused, unread, pinnable, pinned, childCount, collapsed, onToggle, children }: RowProps) {
  const actions = useActions();
  const row = JSON.parse(json) as Row;
  const t = useT();
  return (
    <li className={`session-item${focused ? ' focused' : ''}${offlineNote ? ' disconnected' : ''}`}>
      <button
        type="button"
        className="session-button"
        aria-current={focused ? 'true' : undefined}
        aria-describedby={offlineNote ?? undefined}
        onClick={() => actions.focus(row.id)}
      >
        <span className="session-line">
          <span className="session-name">{row.title}</span>
          <span className="session-ref">{row.ref}</span>
          {badge ? <span className="machine-badge">{row.machine}</span> : null}
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

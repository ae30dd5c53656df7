import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { downloadText } from '../export/download';
import { sessionMarkdown } from '../export/session-markdown';
import { currentLang, useT } from '../i18n';
import { reopenSession } from '../store/search';
import { useActions, usePanel, usePanelStore } from '../store/use-panel';
import { msg } from '../../shared/i18n/message';

interface MenuItem {
  /** Stable across languages: the list's React key. */
  id: string;
  label: string;
  run(): Promise<void> | void;
}

/**
 * The session header's menu: export the stored history as a Markdown file, fork the session (the fork is
 * focused), show what the model sees now, and compact it. A menu button: arrows move between items, Escape
 * closes and gives focus back to the button.
 */
export function SessionMenu({ sessionId }: { sessionId: string }) {
  const api = usePanel((s) => s.api);
  const session = usePanel((s) => s.domain.sessions[sessionId]);
  const actions = useActions();
  const panel = usePanelStore();
  const t = useT();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  // The first item takes focus when the menu opens; a press outside the menu closes it.
  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  if (!session) return null;

  const items: MenuItem[] = [
    {
      id: 'export',
      label: t('palette.menu.export'),
      run: async () => {
        const r = await sessionMarkdown(api, session, currentLang());
        if (!r.ok) return actions.log('error', msg('palette.menu.exportFailed', { error: r.error.msg ?? r.error.message }));
        downloadText(r.value.filename, r.value.markdown, 'text/markdown;charset=utf-8');
        actions.log('info', msg('palette.menu.exported', { ref: session.ref, file: r.value.filename }));
      },
    },
    { id: 'fork', label: t('palette.menu.fork'), run: async () => void (await actions.forkSession(session.id)) },
    { id: 'context', label: t('palette.menu.showContext'), run: () => actions.openOverlay('context') },
    { id: 'compact', label: t('palette.menu.compact'), run: async () => void (await actions.compactSession(session.id)) },
    // A closed session shown from the command palette: it can take prompts again.
    ...(session.closed ? [{ id: 'reopen', label: t('palette.menu.reopen'), run: async () => void (await reopenSession(panel, session.id)) }] : []),
  ];

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const choose = (item: MenuItem) => {
    close(true);
    void item.run();
  };
  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        move(at + 1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        move(at - 1);
        break;
      case 'Home':
        e.preventDefault();
        move(0);
        break;
      case 'End':
        e.preventDefault();
        move(entries.length - 1);
        break;
      case 'Escape':
        e.preventDefault();
        e.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  return (
    <div className="session-menu" ref={rootRef}>
      <button
        type="button"
        ref={buttonRef}
        aria-label={t('palette.menu.label')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
      >
        ⋯
      </button>
      {open ? (
        <ul id={menuId} role="menu" aria-label={t('palette.menu.session', { ref: session.ref })} ref={menuRef} onKeyDown={onMenuKey}>
          {items.map((item) => (
            <li key={item.id} role="none">
              <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose(item)}>
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

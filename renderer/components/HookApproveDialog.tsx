import { useEffect, useId, useRef } from 'react';
import type { HookView } from '../../shared/hooks';
import { useT } from '../i18n';

/**
 * Asked before a project hook is approved: the exact command line that will run with the person's permissions,
 * the workspace and the file that holds it. Nothing is recorded until "Let it run".
 */
export function HookApproveDialog({ hook, workspace, busy, onConfirm, onCancel }: { hook: HookView; workspace: string; busy: boolean; onConfirm(): void; onCancel(): void }) {
  const t = useT();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  // Focus the dialog itself (not its confirm button), so a second Enter does not approve unread.
  useEffect(() => box.current?.focus(), []);
  return (
    <div role="dialog" aria-labelledby={titleId} className="card hook-approve" tabIndex={-1} ref={box}>
      <h3 id={titleId}>{t('hooks.confirmLabel')}</h3>
      <p>{t('hooks.confirmText', { workspace, event: hook.event })}</p>
      <pre className="hook-command-full">{hook.command}</pre>
      <p className="meta">{t('hooks.confirmFile', { file: hook.file })}</p>
      <div className="approval-buttons">
        <button type="button" className="primary" disabled={busy} onClick={onConfirm}>
          {t('hooks.confirm')}
        </button>
        <button type="button" disabled={busy} onClick={onCancel}>
          {t('hooks.cancel')}
        </button>
      </div>
    </div>
  );
}

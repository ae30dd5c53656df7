import { useEffect, useState } from 'react';
import type { SessionSandbox } from '../../shared/sandbox';
import { shownText } from '../../shared/i18n';
import { useLang, useT } from '../i18n';
import { usePanel } from '../store/use-panel';

/**
 * The session header's mark: "Sandboxed" when its Bash commands run confined, else "Not sandboxed", its title
 * saying why (off, and from which file; or on but unable to run here, what is missing). Asked again when the
 * user settings turn the sandbox on or off, and when the engine says the sandbox is off for this session.
 */
export function SandboxMark({ sessionId }: { sessionId: string }) {
  const api = usePanel((s) => s.api);
  const t = useT();
  const lang = useLang();
  const [mark, setMark] = useState<SessionSandbox | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => api.onEvent((e) => {
    if (e.type === 'sandbox_changed' || (e.type === 'sandbox_off' && e.sessionId === sessionId)) setVersion((v) => v + 1);
  }), [api, sessionId]);

  useEffect(() => {
    let live = true;
    void api['sandbox.session']({ session: sessionId }).then((r) => {
      if (live) setMark(r.ok ? r.value : null);
    });
    return () => {
      live = false;
    };
  }, [api, sessionId, version]);

  if (!mark) return null;
  const label = t(mark.sandboxed ? 'sandbox.mark.on' : 'sandbox.mark.off');
  const title = mark.sandboxed
    ? t('sandbox.mark.onTitle')
    : mark.enabled
      ? t('sandbox.mark.unavailableTitle', { reason: shownText(lang, mark.reason ?? '', mark.reasonMsg) })
      : t('sandbox.mark.offTitle', { source: t(`sandbox.view.source.${mark.enabledSource}`) });
  return (
    <span className={`sandbox-mark ${mark.sandboxed ? 'on' : 'off'}`} role="status" aria-label={label} title={title}>
      {label}
    </span>
  );
}

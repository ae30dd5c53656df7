import { useState } from 'react';
import type { ConflictResolution } from '../../shared';
import type { ConflictView } from '../store/types';
import { useActions } from '../store/use-panel';

const kindText: Record<ConflictView['kind'], string> = {
  declared_output: 'both declare the same output',
  write_write: 'both write the same files',
  stale_read: 'it read files another session has since changed',
  exclusive_command: 'a command that must run alone',
  git_destructive: 'a destructive git command',
};

/** Names the other session and the paths; Override runs anyway, Wait holds until the other finishes, Cancel drops the prompt. */
export function ConflictCard({ conflict }: { conflict: ConflictView }) {
  const actions = useActions();
  const [busy, setBusy] = useState(false);
  const other = conflict.otherSessionName ?? conflict.otherSessionRef;
  const resolve = async (r: Exclude<ConflictResolution, 'block'>) => {
    if (!conflict.promptId) return;
    setBusy(true);
    await actions.resolveConflict(conflict.promptId, r);
    setBusy(false);
  };
  return (
    <section className="conflict-card" role="group" aria-label="Conflict">
      <h3>Conflict{other ? ` with session ${other}` : ''}</h3>
      <p>
        {conflict.promptRef ? `Prompt ${conflict.promptRef}: ` : ''}
        {kindText[conflict.kind]}
        {conflict.otherSessionRef ? ` (session ${conflict.otherSessionRef})` : ''}.
      </p>
      {conflict.paths.length ? (
        <ul className="conflict-paths">
          {conflict.paths.map((p) => (
            <li key={p}>
              <code>{p}</code>
            </li>
          ))}
        </ul>
      ) : null}
      {conflict.detail ? <p className="conflict-detail">{conflict.detail}</p> : null}
      <div className="conflict-buttons">
        <button type="button" className="danger" disabled={busy || !conflict.promptId} onClick={() => void resolve('override')}>
          Override
        </button>
        <button type="button" disabled={busy || !conflict.promptId} onClick={() => void resolve('wait')}>
          Wait
        </button>
        <button type="button" disabled={busy || !conflict.promptId} onClick={() => void resolve('cancel')}>
          Cancel
        </button>
      </div>
    </section>
  );
}

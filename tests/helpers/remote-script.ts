import type { Script } from '../fixtures/model-server';

/**
 * The scripted model of the remote-machine tests: a turn whose Write asks for an approval (answered on this side),
 * and a turn held at the `remote` gate (the connection is killed while it waits).
 */
export const REMOTE_SCRIPT: Script = {
  rules: [
    { when: 'write the remote report', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'remote.md', content: '# remote\n' } }] }, { content: 'remote report written' }] },
    { when: 'hold the remote line', steps: [{ content: 'first half', gate: 'remote' }, { content: 'remote line done' }] },
  ],
};

// Reading what the sandbox refused out of a command's output, with the words real programs print (taken from
// bash, coreutils, Python and Node run under bubblewrap here) and the proxy's record of a refused connection.
import { expect, it } from 'vitest';
import { findRefusals } from '../../main/core/sandbox/refusals';

const opts = { cwd: '/w', denyRead: ['/h/.ssh/**', '/h/.aws'], denyWrite: ['/w/.paragents', '/w/.git/hooks'], proxyLines: [] };

it('names the path of each refused write, whatever program said it', () => {
  const output = [
    '/usr/bin/bash: line 1: /o/bash.txt: Read-only file system',
    "touch: cannot touch '/o/touch.txt': Read-only file system",
    "OSError: [Errno 30] Read-only file system: '/o/py.txt'",
    "Error: EROFS: read-only file system, open '/o/node.txt'",
    '/usr/bin/bash: line 1: ../o/rel.txt: Read-only file system',
  ].join('\n');
  expect(findRefusals(output, opts)).toEqual([
    { kind: 'write', target: '/o/bash.txt' },
    { kind: 'write', target: '/o/touch.txt' },
    { kind: 'write', target: '/o/rel.txt' },
    { kind: 'write', target: '/o/py.txt' },
    { kind: 'write', target: '/o/node.txt' },
  ]);
});

it('a masked path counts only when the lists deny it', () => {
  const output = ['mkdir: cannot create directory ‘.paragents’: File exists', 'cat: notes/missing.txt: No such file or directory'].join('\n');
  expect(findRefusals(output, opts)).toEqual([{ kind: 'write', target: '/w/.paragents' }]);
});

it('a hidden read counts only for a denied path; a file\'s own mode is not the sandbox', () => {
  const output = ['cat: /h/.ssh/id_rsa: No such file or directory', 'cat: /etc/shadow: Permission denied', "PermissionError: [Errno 13] Permission denied: '/h/.aws'"].join('\n');
  expect(findRefusals(output, opts)).toEqual([
    { kind: 'read', target: '/h/.aws' },
    { kind: 'read', target: '/h/.ssh/id_rsa' },
  ]);
});

it('takes refused connections from the proxy, once each', () => {
  const proxyLines = ['deny network-outbound example.com:443 (host is not on the allow list)', 'deny network-outbound example.com:443 (again)'];
  expect(findRefusals('', { ...opts, proxyLines })).toEqual([{ kind: 'network', target: 'example.com:443' }]);
});

it('nothing refused, nothing said', () => {
  expect(findRefusals('all good\n', opts)).toEqual([]);
});

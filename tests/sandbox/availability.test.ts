// Whether shell commands can be confined here, found with the real programs: on this machine bubblewrap and socat
// are installed and bwrap starts; a PATH without one of them names it and the command installing it.
import { afterEach, expect, it } from 'vitest';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { english, render } from '../../shared/i18n/message';
import { onPath, probeSandbox } from '../../main/core/sandbox/availability';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(() => cleanupTempDirs());

/** A PATH folder holding links to the named programs only (plus bash, which every test needs). */
function pathWith(...programs: string[]): string {
  const dir = tempDir('paragents-path-');
  for (const p of programs) {
    const real = onPath(p, process.env);
    if (!real) throw new Error(`${p} is not installed on this machine`);
    symlinkSync(real, join(dir, p));
  }
  return dir;
}

it('is available with bwrap and socat on the PATH and a bwrap that starts (nsenter used when there)', () => {
  const a = probeSandbox({ PATH: pathWith('bwrap', 'socat', 'true') });
  expect(a.available).toBe(true);
  if (a.available) expect(Object.keys(a.programs).sort()).toEqual(['bwrap', 'socat']);
  const b = probeSandbox({ PATH: pathWith('bwrap', 'socat', 'nsenter', 'true') });
  if (b.available) expect(Object.keys(b.programs).sort()).toEqual(['bwrap', 'nsenter', 'socat']);
  expect(b.available).toBe(true);
});

it('names what is missing and the install command, in one sentence', () => {
  const a = probeSandbox({ PATH: pathWith('rg') });
  expect(a.available).toBe(false);
  if (a.available) return;
  expect(a.missing).toEqual(['bwrap', 'socat']);
  expect(a.install).toBe('sudo apt-get install -y bubblewrap socat');
  expect(english(a.reason)).toBe('The sandbox needs bwrap, socat, which this machine does not have: install with `sudo apt-get install -y bubblewrap socat`.');
  expect(render('zh-CN', a.reason)).toContain('sudo apt-get install -y bubblewrap socat');
});

it('on Windows says the sandbox does not run there yet', () => {
  const a = probeSandbox({ PATH: process.env.PATH }, 'win32');
  expect(a.available).toBe(false);
  if (!a.available) expect(english(a.reason)).toMatch(/^The sandbox does not run on win32 yet/);
});

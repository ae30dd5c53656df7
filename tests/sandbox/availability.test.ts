// Whether shell commands can be confined here, found with the real programs: on this machine bubblewrap, socat
// and ripgrep are installed and bwrap starts; a PATH without one of them names it and the command installing it.
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

it('is available with bwrap, socat and rg on the PATH and a bwrap that starts', () => {
  const a = probeSandbox({ PATH: pathWith('bwrap', 'socat', 'rg', 'true') });
  expect(a.available).toBe(true);
  if (a.available) expect(Object.keys(a.programs).sort()).toEqual(['bwrap', 'rg', 'socat']);
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

it('on another platform says the sandbox does not run there', () => {
  const a = probeSandbox({ PATH: process.env.PATH }, 'darwin');
  expect(a.available).toBe(false);
  if (!a.available) expect(english(a.reason)).toMatch(/^The sandbox does not run on darwin yet/);
});

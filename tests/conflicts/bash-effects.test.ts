import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { bashEffects as effectsOfParse, matchesPattern } from '../../main/core/conflicts/bash-effects';
import { createShellAnalyzer } from '../../main/core/policy/shell/analyze';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

const WS = '/ws';
const HOME = '/home/someone';
const analyzer = createShellAnalyzer();

/** The conflict reading of a command, parsed as a prepared call parses it. */
async function bashEffects(command: string, ws = WS, patterns: string[] = []) {
  const plan = await analyzer.analyze(command, { cwd: ws, home: HOME });
  return effectsOfParse({ command, cwd: ws, home: HOME, plan }, patterns);
}

afterEach(() => cleanupTempDirs());

/** `path` of each write, `+` marking the edits (stale-read checked), sorted. */
async function writes(command: string, ws = WS): Promise<string[]> {
  const be = await bashEffects(command, ws);
  return be.writes.map((w) => `${w.edit ? '+' : ''}${w.path}`).sort();
}

describe('bash effects for the runtime gate (from the policy’s bash analysis)', () => {
  it('finds redirect targets and known writers', async () => {
    expect(await writes('echo hi > a.txt && cat b >> logs/c.log 2>&1')).toEqual(['+/ws/a.txt', '+/ws/logs/c.log']);
    expect(await writes('ls | tee -a out.txt other.txt')).toEqual(['+/ws/other.txt', '+/ws/out.txt']);
    expect(await writes('cp -r src dst.txt; mv old.txt new.txt')).toEqual(['+/ws/dst.txt', '+/ws/new.txt', '/ws/old.txt']);
    expect(await writes("sed -i 's/a/b/' f.txt")).toEqual(['+/ws/f.txt']);
    expect(await writes('rm -f x.txt; touch y.txt')).toEqual(['/ws/x.txt', '/ws/y.txt']);
    expect(await writes('echo "a > b" > "my file.txt"')).toEqual(['+/ws/my file.txt']);
    expect(await writes('truncate -s 0 t.log; dd if=/dev/zero of=blob.bin count=1')).toEqual(['+/ws/blob.bin', '+/ws/t.log']);
    expect(await writes('truncate --reference=ref.txt -s0 t.log u.log')).toEqual(['+/ws/t.log', '+/ws/u.log']);
  });

  it('follows compound commands: cd, subshells, bash -c, $( ), heredocs, <>, wrappers', async () => {
    expect(await writes('cd sub && echo x > a.txt')).toEqual(['+/ws/sub/a.txt']);
    expect(await writes('(echo a; echo b) > out.txt')).toEqual(['+/ws/out.txt']);
    expect(await writes('(cd sub; echo a > in.txt); echo b > top.txt')).toEqual(['+/ws/sub/in.txt', '+/ws/top.txt']);
    expect(await writes("bash -c 'echo x > f'")).toEqual(['+/ws/f']);
    expect(await writes(`sh -c "cd deep && printf y >> g.txt"`)).toEqual(['+/ws/deep/g.txt']);
    expect(await writes('echo $(date > stamp.txt) <> rw.txt')).toEqual(['+/ws/rw.txt', '+/ws/stamp.txt']);
    expect(await writes('cat <<EOF > h.txt\nhello $USER\nEOF')).toEqual(['+/ws/h.txt']);
    expect(await writes("bash <<'EOF'\necho z > z.txt\nEOF")).toEqual(['+/ws/z.txt']);
    expect(await writes('sudo timeout 5 sed -i s/a/b/ conf.ini')).toEqual(['+/ws/conf.ini']);
    expect(await writes('find . -name "*.log" | xargs tee -a all.log')).toEqual(['+/ws/all.log']);
    expect(await writes('npm test &> /tmp/test.log')).toEqual(['+/tmp/test.log']);
  });

  it('puts files copied or moved into a folder under that folder', async () => {
    const ws = tempDir();
    mkdirSync(join(ws, 'dir'));
    expect(await writes('cp a.txt b.txt dir', ws)).toEqual([`+${ws}/dir/a.txt`, `+${ws}/dir/b.txt`]);
    expect(await writes('mv -t dir x.txt', ws)).toEqual([`+${ws}/dir/x.txt`, `${ws}/x.txt`]);
    expect(await writes('cp a.txt new/', ws)).toEqual([`+${ws}/new/a.txt`]);
    expect(await writes('install -m 644 a.txt dir', ws)).toEqual([`+${ws}/dir/a.txt`]);
  });

  it('leaves what only the run can tell unguarded, and says why', async () => {
    const be = await bashEffects('echo x > $OUT; echo y > /dev/null; echo z >&2; rm *.tmp; cd $DIR && echo a > f.txt', WS);
    expect(be.writes).toEqual([]);
    expect(be.unknown).toEqual([
      '$OUT is only known at run time',
      'f.txt is relative to a folder only known at run time (a dynamic cd)',
      '*.tmp is a file pattern',
    ]);
    expect((await bashEffects('find . -name x -exec rm {} +', WS)).unknown).toEqual(['find -exec names its files at run time']);
    // bash would not run a line it cannot parse; what the error recovery still finds is guarded.
    expect(await writes('echo ok > a.txt; echo "unterminated')).toEqual(['+/ws/a.txt']);
  });

  it('marks installs and git index commands exclusive, and destructive git', async () => {
    const ex = async (c: string, patterns: string[] = []) => (await bashEffects(c, WS, patterns)).exclusive;
    const dg = async (c: string) => (await bashEffects(c, WS)).destructiveGit;
    expect(await ex('npm install')).toBe('npm install');
    expect(await ex('pnpm add zod')).toBe('pnpm add zod');
    expect(await ex('yarn')).toBe('yarn');
    expect(await ex('git -C . commit -m x')).toBe('git -C . commit -m x');
    expect(await ex('git status && git log')).toBeNull();
    expect(await ex('npm test')).toBeNull();
    expect(await ex('sudo npm ci')).toBe('npm ci');
    expect(await ex("bash -c 'cd sub && npm install'")).toBe('npm install');
    expect(await dg('git reset --hard HEAD')).toBe('git reset --hard HEAD');
    expect(await dg('git stash')).toBe('git stash');
    expect(await dg('git stash list')).toBeNull();
    expect(await dg('git clean -fd')).toBe('git clean -fd');
    expect(await dg('git clean -n')).toBeNull();
    expect(await dg('git checkout -- a.txt')).toBe('git checkout -- a.txt');
    expect(await dg('git reset HEAD a.txt')).toBeNull();
    expect(await dg('echo "$(git stash)"')).toBe('git stash');
    expect(await ex('make deploy prod', ['make deploy*'])).toBe('make deploy prod');
    expect(matchesPattern('make deploy*', 'make test')).toBe(false);
  });
});

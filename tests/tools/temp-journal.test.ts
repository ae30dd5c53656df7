import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { atomicWriteFile } from '../../main/core/tools/atomic-write';
import { createTempJournal, removeRecordedTempFiles, TEMP_FILE_NAME, type TempFileJournal } from '../../main/core/tools/temp-journal';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(() => cleanupTempDirs());

describe('the journal of temp files', () => {
  it('records the temp file before it exists and forgets it once renamed over the target', async () => {
    const ws = tempDir();
    const dir = join(tempDir(), 'temp-files');
    const real = createTempJournal(dir);
    const seen: { path: string; existed: boolean; entries: number }[] = [];
    let forgotten = 0;
    const journal: TempFileJournal = {
      record(abs) {
        const forget = real.record(abs);
        seen.push({ path: abs, existed: existsSync(abs), entries: readdirSync(dir).length });
        return () => {
          forgotten++;
          forget();
        };
      },
    };
    await atomicWriteFile(join(ws, 'a.txt'), 'hello', 'a.txt', { temps: journal });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ existed: false, entries: 1 });
    expect(TEMP_FILE_NAME.test(basename(seen[0]!.path))).toBe(true);
    expect(forgotten).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
    expect(readdirSync(ws)).toEqual(['a.txt']);
  });

  it('removes at recovery only recorded temp files, never a file the journal names that is not one', () => {
    const ws = tempDir();
    const dir = join(tempDir(), 'temp-files');
    const journal = createTempJournal(dir);
    const left = join(ws, '.big.txt.0123456789ab.tmp');
    journal.record(left);
    writeFileSync(left, 'partial');
    const unrecorded = join(ws, '.other.txt.ba9876543210.tmp');
    writeFileSync(unrecorded, 'not ours');
    // An entry naming a file that is not a temp file (edited by hand, or corrupt) removes nothing.
    const precious = join(ws, 'precious.txt');
    writeFileSync(precious, 'keep');
    writeFileSync(join(dir, 'aaaaaaaaaaaa.json'), JSON.stringify({ path: precious }));
    writeFileSync(join(dir, 'bbbbbbbbbbbb.json'), '{not json');
    // A recorded temp file that became a folder is not removed either.
    const folder = join(ws, '.dir.cccccccccccc.tmp');
    mkdirSync(folder);
    journal.record(folder);

    expect(removeRecordedTempFiles(dir)).toEqual([left]);
    expect(existsSync(left)).toBe(false);
    expect(readFileSync(unrecorded, 'utf8')).toBe('not ours');
    expect(readFileSync(precious, 'utf8')).toBe('keep');
    expect(existsSync(folder)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
    expect(removeRecordedTempFiles(join(dir, 'missing'))).toEqual([]);
  });
});

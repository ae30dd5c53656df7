// Proof that turning the engine's sentences into data changed no byte the model or a `--json` reader gets: the
// files under tests/fixtures/byte-identical/ were recorded from this same script before the change (commit
// 4389c31, where the engine still wrote its sentences as English). Set BYTE_IDENTICAL_RECORD=1 to record again.
import { afterAll, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cleanupTempDirs } from '../helpers/temp';
import { normalise, refsIn } from './byte-identical-normalise';
import { scriptedRun, type RunRecord } from './byte-identical-run';

const DIR = fileURLToPath(new URL('../fixtures/byte-identical/', import.meta.url));
const RECORD = process.env.BYTE_IDENTICAL_RECORD === '1';

afterAll(() => cleanupTempDirs());

let chinese: RunRecord | null = null;
async function inChinese(): Promise<RunRecord> {
  chinese ??= await scriptedRun('zh-CN');
  return chinese;
}

let run: RunRecord | null = null;
async function once(): Promise<RunRecord> {
  run ??= await scriptedRun();
  return run;
}

/** Compares `value`, normalised, with the recorded file byte for byte (or records it). */
function matchesRecorded(name: string, value: unknown, folders: Record<string, string>, of: RunRecord): void {
  const raw = JSON.stringify(value, null, 2);
  const text = `${normalise(raw, folders, refsIn(JSON.stringify(of)))}\n`;
  const file = `${DIR}${name}.json`;
  if (RECORD) {
    mkdirSync(DIR, { recursive: true });
    writeFileSync(file, text);
  }
  expect(text).toBe(readFileSync(file, 'utf8'));
}

it('the model receives the same messages and tool results, byte for byte', { timeout: 300_000 }, async () => {
  const r = await once();
  // Eleven answers for the first turn (one of them a 429 retried), the failed one, the third turn, the summary
  // `compact` asked for.
  expect(r.requests.length).toBe(14);
  matchesRecorded('model-requests', r.requests, r.folders, r);
});

it('the model is offered the same tools, described in the same words', { timeout: 300_000 }, async () => {
  const r = await once();
  // Each distinct tool list once, in order of first use (a compaction request may offer none).
  const distinct = [...new Set(r.tools.map((t) => JSON.stringify(t)))].map((t) => JSON.parse(t) as unknown);
  expect(distinct.length).toBeGreaterThan(0);
  matchesRecorded('model-tools', distinct, r.folders, r);
});

it('the CLI prints the same --json lines and refusals, byte for byte', { timeout: 300_000 }, async () => {
  const r = await once();
  expect(r.cli.length).toBe(9);
  matchesRecorded('cli-json', r.cli, r.folders, r);
});

it('with the language set to Chinese, the model still receives the same English, byte for byte', { timeout: 300_000 }, async () => {
  const r = await inChinese();
  expect(r.requests.length).toBe(14);
  matchesRecorded('model-requests', r.requests, r.folders, r);
});

it('with the language set to Chinese, --json prints the same English lines; only the refusals for a person are Chinese', { timeout: 300_000 }, async () => {
  const r = await inChinese();
  type Command = RunRecord['cli'][number];
  const recorded = JSON.parse(readFileSync(`${DIR}cli-json.json`, 'utf8')) as Command[];
  // What a person reads (stderr) is compared below; everything else as recorded.
  const forScripts = (cli: Command[]): Command[] => cli.map((c) => ({ ...c, stderr: '' }));
  const shown = normalise(JSON.stringify(forScripts(r.cli), null, 2), r.folders, refsIn(JSON.stringify(r)));
  expect(shown).toBe(JSON.stringify(forScripts(recorded), null, 2));
  // The refused commands tell the person in their language.
  const refused = r.cli.filter((c) => c.stderr !== '');
  expect(refused.map((c) => c.args[0])).toEqual(['deny', 'sessions']);
  for (const c of refused) expect(c.stderr).toMatch(/\p{Script=Han}/u);
});

it('the normaliser hides only folders, ids, refs, times and counts: a changed word still differs', () => {
  const folders = { ws: '/tmp/paragents-ws-AbC123' };
  const line = (word: string, id: string, ref: string): string =>
    normalise(`{"ts":"2026-12-01T23:10:14.889Z","ms":72,"promptTokens":159,"sessionId":"${id}","sessionRef":"${ref}","error":"/tmp/paragents-ws-AbC123/a.txt ${word} since 20s ago (session ${ref})"}`, folders, [ref]);
  const a = line('changed', '822b0b8a-baab-4eb6-82f4-4bdead962416', 'a82f03');
  expect(a).toBe('{"ts":"<time>","ms":0,"promptTokens":0,"sessionId":"<id-1>","sessionRef":"<ref-1>","error":"<ws>/a.txt changed since <age> ago (session <ref-1>)"}');
  expect(line('changed', '11111111-2222-4333-8444-555555555555', '0f4b33')).toBe(a);
  expect(line('changes', '822b0b8a-baab-4eb6-82f4-4bdead962416', 'a82f03')).not.toBe(a);
});

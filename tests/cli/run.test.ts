import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp';
import { jsonLines, runCli } from '../helpers/cli';
import { useEngineFixture } from '../helpers/engine-fixture';

const fx = useEngineFixture({
  scope: 'file',
  script: {
    rules: [
      { when: 'write the report', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'report.md', content: '# report\n' } }] }, { content: 'report written' }] },
      { when: 'slow job', steps: [{ content: 'working', gate: 'jobs' }, { content: 'done slowly' }] },
      { when: 'explode', steps: [{ content: 'never', fault: { type: '500', times: 99 } }] },
      { when: 'remember', steps: [{ content: 'I will remember: {{turn}}' }] },
    ],
  },
});

describe('paragents run', () => {
  it('runs one turn and prints the event stream as JSON lines', async () => {
    const home = fx.home();
    const ws = tempDir();
    const r = await runCli(['run', '--workspace', ws, '--prompt', 'please write the report', '--session', 'reports', '--approve', 'all', '--json'], { home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const events = jsonLines(r.stdout);
    for (const e of events) {
      expect(e).toHaveProperty('type');
      expect(e.session).toBe('reports');
      expect(typeof e.ts).toBe('string');
      expect(e).toHaveProperty('prompt');
    }
    const types = events.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['session_created', 'prompt_queued', 'turn_started', 'assistant_message', 'tool_call', 'tool_result', 'usage', 'turn_completed']));
    expect(types.indexOf('tool_call')).toBeLessThan(types.indexOf('tool_result'));
    const call = events.find((e) => e.type === 'tool_call');
    expect(call?.tool).toBe('Write');
    expect(call?.input).toEqual({ path: 'report.md', content: '# report\n' });
    expect(events.find((e) => e.type === 'tool_result')?.ok).toBe(true);
    expect(readFileSync(join(ws, 'report.md'), 'utf8')).toBe('# report\n');
  });

  it('exits non-zero with the error when the turn fails', async () => {
    const home = fx.home({ maxRetries: 1 });
    const r = await runCli(['run', '--workspace', tempDir(), '--prompt', 'explode now', '--json'], { home });
    expect(r.code).toBe(1);
    const failed = jsonLines(r.stdout).find((e) => e.type === 'turn_failed');
    expect(String(failed?.error)).toMatch(/500|server/i);
  });

  it('with --approve never turns needs_approval into blocked and tells the model', async () => {
    const home = fx.home();
    const ws = tempDir();
    const r = await runCli(['run', '--workspace', ws, '--prompt', 'write the report', '--approve', 'never', '--json'], { home });
    expect(r.code).toBe(0);
    const result = jsonLines(r.stdout).find((e) => e.type === 'tool_result');
    expect(result?.ok).toBe(false);
    expect(String(result?.error)).toMatch(/blocked/);
    const call = jsonLines(r.stdout).find((e) => e.type === 'tool_call') as { decision?: { decision: string } };
    expect(call.decision?.decision).toBe('blocked');
  });

  it('asks on the terminal with --approve ask', async () => {
    const home = fx.home();
    const ws = tempDir();
    const r = await runCli(['run', '--workspace', ws, '--prompt', 'write the report', '--approve', 'ask'], { home, input: 'maybe\ny\n' });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/approval [0-9a-f]{6} .*Write/);
    expect(r.stderr).toMatch(/please input y, s, a or n/);
    expect(readFileSync(join(ws, 'report.md'), 'utf8')).toBe('# report\n');
  });

  it('keeps a named session\'s memory across processes', async () => {
    const home = fx.home();
    const ws = tempDir();
    const first = await runCli(['run', '--workspace', ws, '--prompt', 'remember the colour blue', '--session', 'mem'], { home });
    expect(first.code).toBe(0);
    const seen = fx.server.requests.length;
    const second = await runCli(['run', '--workspace', ws, '--prompt', 'remember what I said', '--session', 'mem', '--json'], { home });
    expect(second.code).toBe(0);
    const req = fx.server.requests.slice(seen).find((q) => q.path.endsWith('/chat/completions'))?.body as { messages: { role: string; content: string }[] };
    const contents = req.messages.map((m) => m.content);
    expect(contents).toContain('remember the colour blue');
    expect(contents).toContain('I will remember: remember the colour blue');
    const list = await runCli(['sessions', 'list', '--json'], { home });
    const sessions = jsonLines(list.stdout);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ name: 'mem', status: 'completed' });
  });

  it('runs --parallel sessions interleaved under the concurrency limit, every event persisted', async () => {
    const home = fx.home({ concurrency: 2 });
    const dir = tempDir();
    const file = join(dir, 'jobs.json');
    writeFileSync(
      file,
      JSON.stringify({
        sessions: ['a', 'b', 'c'].map((n) => ({ name: n, workspace: '.', prompt: `slow job ${n}` })),
      }),
    );
    const before = fx.server.maxConcurrentStreams;
    const run = runCli(['run', '--parallel', file, '--approve', 'never', '--json'], { home });
    // Two sessions wait at the gate at once (the limit); the third gets a slot once they go on.
    await fx.server.reached('jobs', 2);
    expect(fx.server.activeStreams()).toBe(2);
    fx.server.openGate('jobs');
    const r = await run;
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const events = jsonLines(r.stdout);
    const started = events.filter((e) => e.type === 'turn_started').map((e) => e.session);
    const completed = events.filter((e) => e.type === 'turn_completed').map((e) => e.session);
    expect(new Set(started)).toEqual(new Set(['a', 'b', 'c']));
    expect(completed).toHaveLength(3);
    // Interleaving: a second session started before the first one finished.
    const firstDone = events.findIndex((e) => e.type === 'turn_completed');
    expect(events.slice(0, firstDone).filter((e) => e.type === 'turn_started').length).toBe(2);
    expect(Math.max(before, 2)).toBeGreaterThanOrEqual(fx.server.maxConcurrentStreams);
    // What was printed is what was stored.
    const list = jsonLines((await runCli(['sessions', 'list', '--json'], { home })).stdout);
    expect(list.map((s) => s.name).sort()).toEqual(['a', 'b', 'c']);
    expect(events.every((e) => typeof e.seq === 'number' && (e.seq as number) > 0)).toBe(true);
  });

  it('reports bad usage, a bad parallel file and a missing model with exit code 2', async () => {
    const home = fx.home();
    const usage = await runCli(['run', '--prompt', 'x'], { home });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--workspace and --prompt are required/);
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.json'), '{"sessions":[{"workspace":"."}]}');
    const bad = await runCli(['run', '--parallel', join(dir, 'bad.json')], { home });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/bad\.json: sessions\.0\.prompt/);
    const empty = tempDir();
    const noModel = await runCli(['run', '--workspace', dir, '--prompt', 'x'], { home: empty });
    expect(noModel.code).toBe(2);
    expect(noModel.stderr).toMatch(/config\.json/);
    expect(noModel.stderr).toMatch(/PARAGENTS_MODEL/);
  });

  it('journal list shows who wrote what, and journal undo reverts one session\'s writes', async () => {
    const home = fx.home();
    const ws = tempDir();
    const r = await runCli(['run', '--workspace', ws, '--prompt', 'write the report', '--session', 'j', '--approve', 'all'], { home });
    expect(r.code).toBe(0);
    const list = await runCli(['journal', 'list', '--json'], { home });
    expect(list.code).toBe(0);
    const entries = jsonLines(list.stdout);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ tool: 'Write', path: join(ws, 'report.md'), beforeSha: null });
    const dry = await runCli(['journal', 'undo', 'j', '--dry-run'], { home });
    expect(dry.stdout).toContain(`would delete ${join(ws, 'report.md')}`);
    expect(readFileSync(join(ws, 'report.md'), 'utf8')).toBe('# report\n');
    const undo = await runCli(['journal', 'undo', 'j'], { home });
    expect(undo.code).toBe(0);
    expect(() => readFileSync(join(ws, 'report.md'))).toThrow();
    const bad = await runCli(['journal', 'undo'], { home });
    expect(bad.code).toBe(2);
  });

  it('config show redacts keys', async () => {
    const home = fx.home();
    const r = await runCli(['config', 'show'], { home });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/provider scripted: base_url=http:\/\/127\.0\.0\.1:\d+\/v1 model=scripted-model api_key=set \(hidden\)/);
    expect(r.stdout).not.toContain('test-key');
  });
});

import { expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { pidWritten } from '../helpers/wait-file';
import { hookEvents, hookSettings, processAlive, readJson, requestTexts, writeHook, writeJson } from './helpers';

const fx = useEngineFixture({
  script: {
    rules: [
      { when: 'run echo', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hello-from-the-tool' } }] }, { content: 'result: {{lastTool}}' }] },
    ],
  },
  engine: { env: { PATH: process.env.PATH } },
});

it('a PostToolUse hook receives the tool response on stdin; what a blocking one says is added for the model', async () => {
  const home = fx.home();
  const scripts = tempDir();
  const ws = tempDir();
  const out = join(scripts, 'post.json');
  const post = writeHook(scripts, 'post.sh', `cat > ${out}\necho "remember to run the linter" >&2\nexit 2`);
  writeJson(join(home, 'settings.json'), hookSettings({ PostToolUse: [{ matcher: 'Bash', command: post }] }));
  const engine = await fx.open({ home });
  const log = recordEvents(engine);
  const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'run echo' }));
  expect(await settled(engine, p.id)).toBe('completed');
  expect(readJson(out)).toMatchObject({
    hook_event_name: 'PostToolUse',
    session_id: s.id,
    cwd: ws,
    tool_name: 'Bash',
    tool_input: { command: 'echo hello-from-the-tool' },
    tool_response: { ok: true, output: 'hello-from-the-tool\n' },
  });
  const toolText = requestTexts(fx.server.requests).at(-1)?.find((t) => t.startsWith('hello-from-the-tool'));
  expect(toolText).toBe(`hello-from-the-tool\n\nPostToolUse hook \`${post}\` (user settings): remember to run the linter`);
  expect(hookEvents(log)).toMatchObject([{ event: 'PostToolUse', exitCode: 2, decision: 'block', tool: 'Bash' }]);
});

it('a hook that hangs is killed at its timeout (no process left) and the session goes on; other codes only warn', async () => {
  const home = fx.home();
  const scripts = tempDir();
  const pidFile = join(scripts, 'sleeper.pid');
  const hang = writeHook(scripts, 'hang.sh', `cat > /dev/null\nsleep 30 &\necho $! > ${pidFile}\nwait`);
  const warn = writeHook(scripts, 'warn.sh', 'cat > /dev/null\necho "linter not installed" >&2\nexit 1');
  writeJson(join(home, 'settings.json'), hookSettings({ UserPromptSubmit: [{ command: hang, timeout: 0.5 }, { command: warn }] }));
  const engine = await fx.open({ home });
  const log = recordEvents(engine);
  const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'run echo' }));
  expect(await settled(engine, p.id)).toBe('completed');

  const ran = hookEvents(log);
  expect(ran.find((e) => e.command === hang)).toMatchObject({ exitCode: null, timedOut: true, decision: null });
  expect(ran.find((e) => e.command === warn)).toMatchObject({ exitCode: 1, timedOut: false, decision: null, message: 'linter not installed' });
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  expect(pid).toBeGreaterThan(0);
  await vi.waitFor(() => expect(processAlive(pid)).toBe(false), { timeout: 5000 });
  // The turn went on to the model and the tool.
  expect(requestTexts(fx.server.requests)).toHaveLength(2);
});

it('cancelling the prompt stops a running hook\'s whole process tree', async () => {
  const home = fx.home();
  const scripts = tempDir();
  const pidFile = join(scripts, 'sleeper.pid');
  const hang = writeHook(scripts, 'hang.sh', `cat > /dev/null\nsleep 30 &\necho $! > ${pidFile}.tmp\nmv ${pidFile}.tmp ${pidFile}\nwait`);
  writeJson(join(home, 'settings.json'), hookSettings({ PreToolUse: [{ command: hang }] }));
  const engine = await fx.open({ home });
  const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const ran = nextEvent(engine, 'hook_ran');
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'run echo' }));
  // The hook says it is running by writing its child's pid.
  const pid = await pidWritten(pidFile, 10_000);
  unwrap(await engine.handlers['prompt.cancel']({ prompt: p.id }));
  expect(await settled(engine, p.id)).toBe('cancelled');
  expect((await ran).exitCode).toBeNull();
  await vi.waitFor(() => expect(processAlive(pid)).toBe(false), { timeout: 5000 });
});

it('a PreCompact hook runs before a compaction a person asks for', async () => {
  const home = fx.home();
  const scripts = tempDir();
  const out = join(scripts, 'compact.json');
  const hook = writeHook(scripts, 'precompact.sh', `cat > ${out}`);
  writeJson(join(home, 'settings.json'), hookSettings({ PreCompact: [{ matcher: 'manual', command: hook }] }));
  const engine = await fx.open({ home });
  const log = recordEvents(engine);
  const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'run echo' }));
  expect(await settled(engine, p.id)).toBe('completed');
  unwrap(await engine.handlers['session.compact']({ session: s.id, focus: 'the tests' }));
  expect(readJson(out)).toMatchObject({ hook_event_name: 'PreCompact', trigger: 'manual', custom_instructions: 'the tests', session_id: s.id });
  expect(hookEvents(log)).toMatchObject([{ event: 'PreCompact', exitCode: 0 }]);
});

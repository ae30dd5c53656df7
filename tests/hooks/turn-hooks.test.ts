import { expect, it } from 'vitest';
import { join } from 'node:path';
import { buildTranscript } from '../../shared/transcript';
import { tempDir } from '../helpers/temp';
import { recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { hookEvents, hookSettings, requestTexts, writeHook, writeJson } from './helpers';

const fx = useEngineFixture({
  script: {
    rules: [
      { when: 'finish up', steps: [{ content: 'first answer' }] },
      { when: 'also list the changed files', steps: [{ content: 'files listed' }] },
      { when: 'never satisfied', steps: [{ content: 'tried again' }] },
    ],
  },
  engine: { env: { PATH: process.env.PATH } },
});

it('UserPromptSubmit context reaches the model with the prompt; SessionStart context once per session', async () => {
  const home = fx.home();
  const scripts = tempDir();
  const submit = writeHook(scripts, 'submit.sh', 'cat > /dev/null\necho "This repository builds with pnpm."');
  const start = writeHook(scripts, 'start.sh', `cat > /dev/null\necho '{"hookSpecificOutput": {"hookEventName": "SessionStart", "additionalContext": "Current branch: feature/hooks"}}'`);
  writeJson(join(home, 'settings.json'), hookSettings({ UserPromptSubmit: [{ command: submit }], SessionStart: [{ command: start }] }));
  const engine = await fx.open({ home });
  const log = recordEvents(engine);
  const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));

  const p1 = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'hello there' }));
  expect(await settled(engine, p1.id)).toBe('completed');
  const first = requestTexts(fx.server.requests)[0] ?? [];
  const user = first.find((t) => t.startsWith('hello there'));
  expect(user).toContain('This repository builds with pnpm.');
  expect(user).toContain('Current branch: feature/hooks');

  const p2 = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'and again' }));
  expect(await settled(engine, p2.id)).toBe('completed');
  const ran = hookEvents(log);
  expect(ran.filter((e) => e.event === 'SessionStart')).toHaveLength(1);
  expect(ran.filter((e) => e.event === 'UserPromptSubmit')).toHaveLength(2);
  expect(ran.every((e) => e.decision === 'context' && e.exitCode === 0)).toBe(true);
  // The session's context stays in the model's view on later turns.
  const second = requestTexts(fx.server.requests).at(-1) ?? [];
  expect(second.some((t) => t.includes('Current branch: feature/hooks'))).toBe(true);
});

it('UserPromptSubmit exit 2 refuses the prompt with the hook\'s reason, and the model is never asked', async () => {
  const home = fx.home();
  const scripts = tempDir();
  const guard = writeHook(scripts, 'guard.sh', `input=$(cat)\ncase "$input" in *password*) echo "prompts must not carry passwords" >&2; exit 2;; esac\nexit 0`);
  writeJson(join(home, 'settings.json'), hookSettings({ UserPromptSubmit: [{ command: guard }] }));
  const engine = await fx.open({ home });
  const log = recordEvents(engine);
  const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'my password is hunter2' }));
  expect(await settled(engine, p.id)).toBe('failed');
  const failed = log.find((e) => e.type === 'turn_failed');
  expect(failed?.type === 'turn_failed' && failed.error).toBe(`refused by UserPromptSubmit hook \`${guard}\` (user settings): prompts must not carry passwords`);
  expect(requestTexts(fx.server.requests)).toHaveLength(0);

  const ok = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'finish up' }));
  expect(await settled(engine, ok.id)).toBe('completed');
  // The refused prompt never reached the transcript the model reads.
  expect(requestTexts(fx.server.requests)[0]?.some((t) => t.includes('hunter2'))).toBe(false);
  // The person sees both runs as lines of the transcript.
  const lines = buildTranscript(unwrap(await engine.handlers['session.events']({ session: s.id }))).filter((e) => e.kind === 'note');
  expect(lines.map((l) => l.kind === 'note' && l.text)).toEqual([
    `hook UserPromptSubmit \`${guard}\` (user settings) exit 2 in ${hookEvents(log)[0]?.ms} ms, block: prompts must not carry passwords`,
    `hook UserPromptSubmit \`${guard}\` (user settings) exit 0 in ${hookEvents(log)[1]?.ms} ms`,
  ]);
});

it('a Stop hook keeps the turn going once with its stderr for the model, then lets it end', async () => {
  const home = fx.home();
  const scripts = tempDir();
  const stop = writeHook(
    scripts,
    'stop.sh',
    `input=$(cat)\ncase "$input" in *'"stop_hook_active":true'*) exit 0;; esac\necho "also list the changed files" >&2\nexit 2`,
  );
  writeJson(join(home, 'settings.json'), hookSettings({ Stop: [{ command: stop }] }));
  const engine = await fx.open({ home });
  const log = recordEvents(engine);
  const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'finish up' }));
  expect(await settled(engine, p.id)).toBe('completed');
  const done = log.find((e) => e.type === 'turn_completed');
  expect(done?.type === 'turn_completed' && done.content).toBe('files listed');
  const requests = requestTexts(fx.server.requests);
  expect(requests).toHaveLength(2);
  expect(requests[1]?.at(-1)).toBe(`Stop hook \`${stop}\` (user settings) asks you to keep going:\nalso list the changed files`);
  expect(hookEvents(log).map((e) => [e.event, e.exitCode, e.decision])).toEqual([
    ['Stop', 2, 'block'],
    ['Stop', 0, null],
  ]);
});

it('Stop hooks that never let go keep a turn going at most 3 times', async () => {
  const home = fx.home();
  const scripts = tempDir();
  const stop = writeHook(scripts, 'stop.sh', 'cat > /dev/null\necho "never satisfied" >&2\nexit 2');
  writeJson(join(home, 'settings.json'), hookSettings({ Stop: [{ command: stop }] }));
  const engine = await fx.open({ home });
  const log = recordEvents(engine);
  const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'finish up' }));
  expect(await settled(engine, p.id)).toBe('completed');
  expect(hookEvents(log).filter((e) => e.event === 'Stop')).toHaveLength(3);
  expect(requestTexts(fx.server.requests)).toHaveLength(4);
  const done = log.find((e) => e.type === 'turn_completed');
  expect(done?.type === 'turn_completed' && done.content).toBe('tried again');
});

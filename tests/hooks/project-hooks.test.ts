import { expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp';
import { recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { runCli } from '../helpers/cli';
import { hookEvents, hookSettings, readJson, writeJson } from './helpers';

const fx = useEngineFixture({
  script: { rules: [] },
  engine: { env: { PATH: process.env.PATH } },
});

// Runs in the workspace: the marker appears there when the hook ran.
const MARK = 'touch hook-ran && cat > /dev/null';

it('a project hook runs only once the workspace is trusted and a person approved its command', async () => {
  const home = fx.home();
  const ws = tempDir();
  writeJson(join(ws, '.paragents', 'settings.json'), hookSettings({ UserPromptSubmit: [{ command: MARK }] }));
  const engine = await fx.open({ home });
  const log = recordEvents(engine);
  const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
  const send = async (text: string): Promise<void> => {
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text }));
    expect(await settled(engine, p.id)).toBe('completed');
  };

  // Untrusted: inert, like the project's allow rules.
  expect(unwrap(await engine.handlers['hooks.list']({ workspace: ws })).hooks).toMatchObject([{ event: 'UserPromptSubmit', command: MARK, source: 'project', standing: 'untrusted' }]);
  await send('one');
  expect(existsSync(join(ws, 'hook-ran'))).toBe(false);
  expect(hookEvents(log)).toEqual([]);

  // Trusted but never seen by a person: not run, and the session says so once.
  unwrap(await engine.handlers['workspace.trust']({ workspace: ws, trusted: true }));
  expect(unwrap(await engine.handlers['hooks.list']({ workspace: ws })).hooks[0]?.standing).toBe('needs_approval');
  await send('two');
  await send('three');
  expect(existsSync(join(ws, 'hook-ran'))).toBe(false);
  const notices = hookEvents(log);
  expect(notices).toHaveLength(1);
  expect(notices[0]).toMatchObject({ command: MARK, source: 'project', exitCode: null });
  expect(notices[0]?.notRun).toContain(`paragents hooks approve --workspace ${ws}`);

  // Approved: it runs, and the approval is kept per workspace and command in the data folder.
  const approved = unwrap(await engine.handlers['hooks.approve']({ workspace: ws, approved: true }));
  expect(approved.hooks[0]?.standing).toBe('active');
  expect(readJson(join(home, 'hook-approvals.json'))).toEqual({ workspaces: { [ws]: [MARK] } });
  await send('four');
  expect(existsSync(join(ws, 'hook-ran'))).toBe(true);
  expect(hookEvents(log).at(-1)).toMatchObject({ command: MARK, exitCode: 0, notRun: null });

  // A changed command is a new command: it waits for approval again.
  writeJson(join(ws, '.paragents', 'settings.json'), hookSettings({ UserPromptSubmit: [{ command: `${MARK} && true` }] }));
  expect(unwrap(await engine.handlers['hooks.list']({ workspace: ws })).hooks[0]?.standing).toBe('needs_approval');
  const unknown = await engine.handlers['hooks.approve']({ workspace: ws, commands: ['rm -rf /'], approved: true });
  expect(unknown.ok).toBe(false);
});

it('paragents hooks list and approve show the commands and ask before approving them', async () => {
  const home = tempDir('paragents-home-');
  const ws = tempDir();
  writeJson(join(ws, '.paragents', 'settings.json'), hookSettings({ PreToolUse: [{ matcher: 'Bash', command: './scripts/check.sh', timeout: 5 }] }));
  writeJson(join(home, 'settings.json'), { hooks: { Stop: [{ hooks: [{ type: 'command', command: '' }] }] } });

  const list = await runCli(['hooks', 'list', '--workspace', ws], { home });
  expect(list.code).toBe(0);
  expect(list.stdout).toContain('PreToolUse [Bash]  ./scripts/check.sh  (project, untrusted, timeout 5 s)');
  expect(list.stderr).toContain(`paragents hooks: ${join(home, 'settings.json')}: hooks.Stop[0].hooks[0].command: must be a non-empty shell command`);

  const refused = await runCli(['hooks', 'approve', '--workspace', ws], { home, input: 'n\n' });
  expect(refused.code).toBe(1);
  expect(refused.stdout).toContain('./scripts/check.sh');
  expect(existsSync(join(home, 'hook-approvals.json'))).toBe(false);

  const yes = await runCli(['hooks', 'approve', '--workspace', ws], { home, input: 'y\n' });
  expect(yes.code).toBe(0);
  expect(yes.stdout).toContain(`approved 1 project hook of ${ws}`);
  expect(yes.stdout).toContain(`paragents workspace trust ${ws}`);
  await runCli(['workspace', 'trust', ws], { home });
  const after = await runCli(['hooks', 'list', '--workspace', ws, '--json'], { home });
  expect(JSON.parse(after.stdout).hooks[0]).toMatchObject({ command: './scripts/check.sh', standing: 'active' });

  const usage = await runCli(['hooks', 'approve'], { home });
  expect(usage.code).toBe(2);
  expect(usage.stderr).toContain('--workspace DIR');
});

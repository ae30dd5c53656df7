// `paragents agents list|integrate`: the children a session started through the Agent tool, driven through the
// real command line (in this process for the argument checks, the real bin for the rest) on a data folder whose
// sessions a real engine made with the scripted model server.
import { describe, expect, it } from 'vitest';
import type { AgentChildSummary } from '../../shared/agents';
import { runCli } from '../helpers/cli';
import { settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { tempDir } from '../helpers/temp';
import { cliIn as cli } from './in-process';

const fx = useEngineFixture();

/** A data folder holding the session `boss` (in a folder that is not a git repository) after its prompt `text`. */
async function bossAfter(text: string | null): Promise<{ home: string; ws: string; children: AgentChildSummary[] }> {
  const home = fx.home();
  const ws = tempDir();
  const engine = await fx.open({ home });
  const parent = unwrap(await engine.handlers['session.create']({ workspace: ws, name: 'boss' }));
  if (text) {
    const p = unwrap(await engine.handlers['prompt.send']({ session: parent.id, text }));
    expect(await settled(engine, p.id)).toBe('completed');
  }
  const children = unwrap(await engine.handlers['agents.list']({ session: parent.id }));
  await fx.close(engine);
  return { home, ws, children };
}

describe('paragents agents: arguments', () => {
  it('says in one sentence what is missing or wrong, with the usage and exit 2, before opening any engine', async () => {
    const home = fx.home();
    const usageLine = 'usage: paragents agents list PARENT [--json]';

    const none = await cli(home, ['agents']);
    expect(none.code).toBe(2);
    expect(none.err.join('\n').split('\n')[0]).toBe(usageLine);

    const unknown = await cli(home, ['agents', 'frob']);
    expect(unknown.code).toBe(2);
    expect(unknown.err.join('\n').split('\n').slice(0, 2)).toEqual(['paragents agents: unknown subcommand "frob"', usageLine]);

    for (const args of [['list'], ['list', 'a', 'b']]) {
      const r = await cli(home, ['agents', ...args]);
      expect(r.code).toBe(2);
      expect(r.err.join('\n').split('\n')[0]).toBe('paragents agents list: expected one PARENT session (name or ref)');
    }
    const noChild = await cli(home, ['agents', 'integrate', '--preview']);
    expect(noChild.code).toBe(2);
    expect(noChild.err.join('\n').split('\n')[0]).toBe('paragents agents integrate: expected one CHILD session (name or ref)');

    // --preview belongs to integrate: list refuses it as an option it does not know.
    const flag = await cli(home, ['agents', 'list', 'boss', '--preview']);
    expect(flag.code).toBe(2);
    expect(flag.err.join('\n').split('\n')[0]).toMatch(/^paragents agents list: Unknown option '--preview'/);
    const other = await cli(home, ['agents', 'integrate', 'kid', '--force']);
    expect(other.code).toBe(2);
    expect(other.err.join('\n').split('\n')[0]).toMatch(/^paragents agents integrate: Unknown option '--force'/);
    for (const r of [none, unknown, flag, other]) expect(r.out).toEqual([]);
  });

  it('is in the help, and completed by the shell scripts', async () => {
    const home = tempDir();
    const help = await runCli(['--help'], { home });
    expect(help.stdout).toContain('paragents agents list PARENT [--json] | agents integrate CHILD [--preview] [--json]');
    const bash = await runCli(['completion', 'bash'], { home });
    expect(bash.stdout).toContain('agents) words="list integrate --preview --json"');
  });
});

describe('paragents agents list', () => {
  it('says a session without children has none, prints [] with --json, and names an unknown session with exit 2', async () => {
    const { home } = await bossAfter(null);
    const text = await runCli(['agents', 'list', 'boss'], { home });
    expect(text.stderr).toBe('');
    expect(text.code).toBe(0);
    expect(text.stdout).toBe('no children: this session has started no agents\n');

    const json = await runCli(['agents', 'list', 'boss', '--json'], { home });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([]);

    const missing = await runCli(['agents', 'list', 'nope'], { home });
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr.trim()).toBe('paragents agents list: session not found: "nope"');
  });
});

describe('paragents agents integrate', () => {
  it('refuses a session no Agent call started in one sentence with exit 1, and names an unknown one with exit 2', async () => {
    const { home } = await bossAfter(null);
    const notChild = await runCli(['agents', 'integrate', 'boss'], { home });
    expect(notChild.code).toBe(1);
    expect(notChild.stdout).toBe('');
    expect(notChild.stderr.trim()).toMatch(/^paragents agents integrate: Session [0-9a-f]{6} was not started by an Agent call, so it has nothing to integrate\.$/);

    const missing = await runCli(['agents', 'integrate', 'nobody', '--preview'], { home });
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr.trim()).toBe('paragents agents integrate: session not found: "nobody"');
  });
});

// The scripted run behind byte-identical.test.ts: one real engine, one session whose turns make the engine write
// the sentences a model reads (a call blocked by a deny rule, a call denied with a message, a stale-read refusal,
// a hook's refusal, a failed Read, a 429 retried, a failed turn and the turn after it), then the CLI's `--json`
// views of that session and two refused requests, each in its own process.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startModelServer } from '../fixtures/model-server';
import { createEngine } from '../../main/core/engine';
import { makeHome, tempDir } from '../helpers/temp';
import { runCli } from '../helpers/cli';
import { settled, unwrap } from '../helpers/engine';
import { writeHook, writeJson } from '../hooks/helpers';

export interface RunRecord {
  /** The `messages` of every chat request the model server received, in arrival order. */
  requests: unknown[];
  /** The `tools` of every chat request (their descriptions are sentences the model reads too). */
  tools: unknown[];
  /** Each CLI command with its exit code, stdout and stderr. */
  cli: { args: string[]; code: number | null; stdout: string; stderr: string }[];
  /** The folders the run made, for the normaliser. */
  folders: Record<string, string>;
}

const SCRIPT = {
  rules: [
    {
      when: 'first task',
      steps: [
        { content: 'Fetching it.', toolCalls: [{ name: 'Bash', arguments: { command: 'curl https://example.invalid/x' } }] },
        { toolCalls: [{ name: 'Bash', arguments: { command: 'ls -la' } }] },
        { toolCalls: [{ name: 'Write', arguments: { path: 'existing.txt', content: 'new\n' } }] },
        { toolCalls: [{ name: 'Bash', arguments: { command: 'git status' } }] },
        { toolCalls: [{ name: 'Read', arguments: { path: 'missing.txt' } }] },
        { toolCalls: [{ name: 'Read', arguments: { path: 'existing.txt' } }] },
        { toolCalls: [{ name: 'Edit', arguments: { path: 'existing.txt', old_string: 'absent', new_string: 'x' } }] },
        { toolCalls: [{ name: 'Bash', arguments: { command: 'false' } }] },
        { toolCalls: [{ name: 'Write', arguments: { path: 'notes.txt', content: 'notes\n' } }] },
        { content: 'The first task is done.', fault: { type: '429' as const, retryAfter: 0 } },
      ],
    },
    { when: 'second task', steps: [{ fault: { type: '401' as const } }] },
    { when: 'third task', steps: [{ content: 'The third task is done.' }] },
  ],
};

/**
 * Runs the whole script against a fresh data folder and workspace. With `lang`, the data folder's language
 * setting and PARAGENTS_LANG (of the engine and of every command) name that language: what the model and a
 * `--json` reader get must not change with it.
 */
export async function scriptedRun(lang?: 'zh-CN'): Promise<RunRecord> {
  const server = await startModelServer({ script: SCRIPT });
  const langEnv: Record<string, string> = lang ? { PARAGENTS_LANG: lang } : {};
  try {
    const home = makeHome(server.url, lang ? { language: lang } : {});
    const ws = tempDir('paragents-ws-');
    const scripts = tempDir('paragents-hooks-');
    writeFileSync(join(ws, 'existing.txt'), 'old\n');
    // A PreToolUse hook that refuses git (exit 2, its words on stderr) and says nothing about other calls.
    const hook = writeHook(scripts, 'no-git.sh', 'input=$(cat)\ncase "$input" in *git*) echo "no git in this repo" >&2; exit 2;; esac\nexit 0');
    writeJson(join(home, 'settings.json'), {
      permissions: { deny: ['Bash(curl *)'], allow: ['Bash(false)', 'Write(notes.txt)', 'Edit(./existing.txt)'] },
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: hook }] }] },
    });

    const engine = await createEngine({ home, env: { PATH: process.env.PATH ?? '', ...langEnv }, approvals: 'ask' });
    let denied: string | null = null;
    try {
      // Every card is answered the same way: a denial with a message the model then reads. The answer goes out
      // on the next turn of the event loop: given while the card's event is being published, before the turn
      // waits for it, the engine would store the answer and the turn would wait for ever.
      engine.onEvent((e) => {
        if (e.type !== 'approval_requested') return;
        denied ??= e.approvalRef;
        setImmediate(() => void engine.handlers['approval.answer']({ approval: e.approvalId, answer: { kind: 'deny', message: 'use the Glob tool instead' } }));
      });
      const s = unwrap(await engine.handlers['session.create']({ workspace: ws, name: 'proof' }));
      for (const text of ['do the first task', 'do the second task', 'do the third task']) {
        const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text }));
        await settled(engine, p.id, 90_000).catch(async (e: unknown) => {
          // Say where the script stopped: the session's events so far.
          const events = unwrap(await engine.handlers['session.events']({ session: s.id }));
          throw new Error(`${String(e)} at "${text}":\n${events.map((x) => JSON.stringify(x).slice(0, 300)).join('\n')}`);
        });
      }
    } finally {
      await engine.close();
    }

    const cli: RunRecord['cli'] = [];
    for (const args of [
      ['sessions', 'show', 'proof', '--json'],
      ['sessions', 'list', '--json'],
      ['journal', 'list', '--session', 'proof', '--json'],
      ['journal', 'undo', 'proof', '--json'],
      ['journal', 'undo', 'proof', '--json'],
      ['sessions', 'budget', 'proof', '--json'],
      ['compact', 'proof', '--json'],
      ['deny', denied ?? 'no card was raised'],
      ['sessions', 'show', 'no-such-session', '--json'],
    ]) {
      const r = await runCli(args, { home, env: langEnv });
      cli.push({ args, ...r });
    }
    const chats = server.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body as { messages?: unknown; tools?: unknown });
    const requests = chats.map((b) => b.messages ?? null);
    const tools = chats.map((b) => b.tools ?? null);
    return { requests, tools, cli, folders: { home, ws, scripts, 'model-url': server.url } };
  } finally {
    await server.close();
  }
}

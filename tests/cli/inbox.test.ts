import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { connectLocalEndpoint, type RemoteEngineLink } from '../../main/local/endpoint-client';
import { BIN, jsonLines, runCli } from '../helpers/cli';
import { unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { tempDir } from '../helpers/temp';
import { killHosts, nextLinkEvent, startHost, type HostProcess } from '../local/host-process';

/*
 * The inbox from a terminal: a host process holds the data folder (as the app or `serve` would), a client of its
 * local endpoint sends the prompts, and the real `paragents` bin lists, answers and follows them.
 */

const fx = useEngineFixture({
  scope: 'file',
  script: {
    rules: [
      { when: 'write the report', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'report.md', content: '# report\n' } }] }, { content: 'report written' }] },
      { when: 'clean the build', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'rm -rf build' } }] }, { content: 'the tool said: {{lastTool}}' }] },
      {
        when: 'watch me work',
        steps: [
          { content: 'looking around', toolCalls: [{ name: 'LS', arguments: { path: '.' } }], gate: 'watch-1' },
          { content: 'finished watching', gate: 'watch-2' },
        ],
      },
      { when: 'wipe the workspace', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'rm -rf .' } }] }, { content: 'wiped' }] },
      { when: 'hold on', steps: [{ content: 'held', gate: 'held' }] },
    ],
  },
});

const links: RemoteEngineLink[] = [];
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const link of links.splice(0)) await link.close();
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  killHosts();
});

const hostEnv = (): Record<string, string> => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' });

/** A host on a fresh data folder and a client of it, as the app's panel would be. */
async function hosted(): Promise<{ home: string; host: HostProcess; link: RemoteEngineLink }> {
  const home = fx.home();
  const host = await startHost(home, hostEnv());
  const link = unwrap(await connectLocalEndpoint({ home, env: {}, tmpdir: tmpdir() }));
  if (!link) throw new Error('the host listens, but no endpoint answered');
  links.push(link);
  return { home, host, link };
}

/** Sends a prompt in a new session and resolves once its approval is pending. */
async function waitingApproval(link: RemoteEngineLink, name: string, text: string) {
  const asked = nextLinkEvent(link, 'approval_requested', (e) => e.sessionName === name);
  const session = unwrap(await link.handlers['session.create']({ workspace: tempDir(), name }));
  const prompt = unwrap(await link.handlers['prompt.send']({ session: session.id, text }));
  return { session, prompt, approval: await asked };
}

/** A long-running `paragents` child whose output the test reads as it comes. */
function startCli(args: string[], home: string) {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...hostEnv(), PARAGENTS_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  const waiters: (() => void)[] = [];
  const heard = (): void => waiters.splice(0).forEach((w) => w());
  child.stdout.on('data', (d: Buffer) => ((stdout += d.toString()), heard()));
  child.stderr.on('data', (d: Buffer) => ((stderr += d.toString()), heard()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    child,
    exited,
    out: () => stdout,
    err: () => stderr,
    /** Resolves once stdout contains `text`; rejects if the process ends first. */
    async until(text: string): Promise<void> {
      let ended = false;
      void exited.then(() => ((ended = true), heard()));
      while (!stdout.includes(text)) {
        if (ended) throw new Error(`paragents ${args.join(' ')} ended before printing "${text}"\nstdout:\n${stdout}\nstderr:\n${stderr}`);
        await new Promise<void>((r) => waiters.push(r));
      }
    },
  };
}

describe('paragents approvals, approve and deny beside a running engine', () => {
  it('lists a pending approval, approves it so the prompt completes, and says a second answer came too late', async () => {
    const { home, link } = await hosted();
    const { prompt, approval } = await waitingApproval(link, 'reports', 'please write the report');

    const listed = await runCli(['approvals', '--json'], { home });
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    const rows = jsonLines(listed.stdout);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ref: approval.approvalRef, id: approval.approvalId, session: 'reports', tool: 'Write', call: 'Write report.md', reason: approval.decision.reason });

    const text = await runCli(['approvals'], { home });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`${approval.approvalRef}  reports  Write report.md — ${approval.decision.reason}`);

    const completed = nextLinkEvent(link, 'turn_completed', (e) => e.promptId === prompt.id);
    const approved = await runCli(['approve', approval.approvalRef], { home });
    expect(approved.stderr).toBe('');
    expect(approved.code).toBe(0);
    expect(approved.stdout.trim()).toBe(`approval ${approval.approvalRef} approved once: Write report.md (session reports)`);
    expect((await completed).content).toBe('report written');

    const again = await runCli(['approve', approval.approvalRef], { home });
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toMatch(new RegExp(`^paragents approve: approval ${approval.approvalRef} was already answered: approved once \\d+s ago$`));

    const empty = await runCli(['approvals'], { home });
    expect(empty.stdout.trim()).toBe('no pending approvals');
  });

  it('denies with a message the model reads, and accepts the approval id as well as its ref', async () => {
    const { home, link } = await hosted();
    const { prompt, approval } = await waitingApproval(link, 'cleaner', 'clean the build folder');
    const completed = nextLinkEvent(link, 'turn_completed', (e) => e.promptId === prompt.id);
    const seen = fx.server.requests.length;

    const denied = await runCli(['deny', approval.approvalId, '--message', 'use git status'], { home });
    expect(denied.stderr).toBe('');
    expect(denied.code).toBe(0);
    expect(denied.stdout.trim()).toBe(`approval ${approval.approvalRef} denied; the message goes to the model: Bash: rm -rf build (session cleaner)`);

    expect((await completed).content).toContain('use git status');
    const next = fx.server.requests.slice(seen).find((r) => r.path.endsWith('/chat/completions'))?.body as { messages: { role: string; content: unknown }[] };
    const toolMessage = next.messages.filter((m) => m.role === 'tool').at(-1);
    expect(String(toolMessage?.content)).toContain('the user denied this call. Their message: use git status');

    const late = await runCli(['approve', approval.approvalRef, '--session'], { home });
    expect(late.code).toBe(1);
    expect(late.stderr).toContain(`approval ${approval.approvalRef} was already answered: denied with the message "use git status"`);
  });

  it('refuses an unknown ref with exit 2 and a bad combination of flags with its usage', async () => {
    const { home, link } = await hosted();
    await waitingApproval(link, 'reports', 'write the report');

    const unknown = await runCli(['approve', 'ffffff'], { home });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim()).toBe('paragents approve: no approval "ffffff"; `paragents approvals` lists the pending ones');

    const both = await runCli(['approve', 'ffffff', '--session', '--always'], { home });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('paragents approve: give --session or --always, not both');

    const message = await runCli(['approve', 'ffffff', '--message', 'why'], { home });
    expect(message.code).toBe(2);
    expect(message.stderr).toContain('--message goes with deny');

    const denySession = await runCli(['deny', 'ffffff', '--session'], { home });
    expect(denySession.code).toBe(2);
    expect(denySession.stderr).toContain('--session and --always go with approve');
  });

  it('approves for the session with --session, and keeps a pending approval when no engine runs', async () => {
    const { home, host, link } = await hosted();
    const { prompt, approval } = await waitingApproval(link, 'reports', 'write the report');
    const completed = nextLinkEvent(link, 'turn_completed', (e) => e.promptId === prompt.id);
    const approved = await runCli(['approve', approval.approvalRef, '--session'], { home });
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain(`approval ${approval.approvalRef} approved for the session`);
    await completed;

    // A second turn waits on its approval when the host stops: nothing waits on it any more.
    const second = await waitingApproval(link, 'cleaner', 'clean the build');
    host.child.kill('SIGTERM');
    expect((await host.exited).code).toBe(0);
    const stopped = await runCli(['approve', second.approval.approvalRef], { home });
    expect(stopped.code).toBe(1);
    expect(stopped.stderr.trim()).toBe(
      `paragents approve: no Paragents engine is running for ${home}; start the app or \`paragents serve\`; approval ${second.approval.approvalRef} belongs to a turn that was interrupted, and answering it there resumes that turn`,
    );
    const still = await runCli(['approvals', '--json'], { home });
    expect(jsonLines(still.stdout).map((a) => a.ref)).toEqual([second.approval.approvalRef]);
  });
});

describe('paragents approve --always', () => {
  it('saves the rule the engine offers, and is refused in one sentence where it offers none', async () => {
    const { home, link } = await hosted();
    const write = await waitingApproval(link, 'reports', 'write the report');
    expect(write.approval.alwaysRule).not.toBeNull();
    const completed = nextLinkEvent(link, 'turn_completed', (e) => e.promptId === write.prompt.id);
    const always = await runCli(['approve', write.approval.approvalRef, '--always'], { home });
    expect(always.stderr).toBe('');
    expect(always.code).toBe(0);
    expect(always.stdout.trim()).toBe(`approval ${write.approval.approvalRef} always allowed (rule ${write.approval.alwaysRule} saved): Write report.md (session reports)`);
    await completed;

    const wipe = await waitingApproval(link, 'wiper', 'wipe the workspace');
    expect(wipe.approval.alwaysRule).toBeNull();
    const refused = await runCli(['approve', wipe.approval.approvalRef, '--always'], { home });
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe(
      `paragents approve: "always allow" is not offered for approval ${wipe.approval.approvalRef} (part of the call is denied or has no stable rule); use --session or approve it once`,
    );
    const pending = await runCli(['approvals', '--json'], { home });
    expect(jsonLines(pending.stdout).map((a) => a.ref)).toEqual([wipe.approval.approvalRef]);
  });
});

describe('paragents attach', () => {
  it('catches up on the only active session, streams its events, and detaches on Ctrl-C without cancelling', async () => {
    const { home, link } = await hosted();
    const session = unwrap(await link.handlers['session.create']({ workspace: tempDir(), name: 'watched' }));
    const prompt = unwrap(await link.handlers['prompt.send']({ session: session.id, text: 'watch me work' }));
    await fx.server.reached('watch-1');

    const attach = startCli(['attach'], home);
    await attach.until(`attached to session watched (S:${session.ref}) in ${session.workspace}: running; Ctrl-C detaches, the session keeps running`);
    await attach.until(`  prompt P:${prompt.ref} running: watch me work`);

    fx.server.openGate('watch-1');
    await attach.until(`[S:watched][P:${prompt.ref}] tool call -> LS`);
    await attach.until(`[S:watched][P:${prompt.ref}] LS ok`);
    await fx.server.reached('watch-2');

    const completed = nextLinkEvent(link, 'turn_completed', (e) => e.promptId === prompt.id);
    attach.child.kill('SIGINT');
    expect(await attach.exited).toBe(0);
    expect(attach.err()).toContain(`paragents attach: detached from session watched (S:${session.ref}); it keeps running`);
    expect(attach.out()).not.toContain('cancelled');

    fx.server.openGate('watch-2');
    expect((await completed).content).toBe('finished watching');
    const after = unwrap(await link.handlers['session.get']({ session: session.id }));
    expect(after.status).toBe('completed');
    expect(after.prompts.map((p) => p.status)).toEqual(['completed']);
  });

  it('shows the approvals a session waits on, prints JSON lines with --json, and exits 1 when the engine goes away', async () => {
    const { home, host, link } = await hosted();
    const { session, approval } = await waitingApproval(link, 'reports', 'write the report');

    const attach = startCli(['attach', 'reports', '--json'], home);
    await attach.until('\n');
    const first = JSON.parse(attach.out().split('\n')[0] as string) as Record<string, unknown>;
    expect(first).toMatchObject({ type: 'attach', session: 'reports', sessionRef: session.ref, status: 'waiting_approval', engineRunning: true });
    expect(first.pendingApprovals).toEqual([expect.objectContaining({ ref: approval.approvalRef, tool: 'Write', call: 'Write report.md' })]);
    await attach.until('"type":"approval_requested"');

    host.child.kill('SIGTERM');
    expect(await attach.exited).toBe(1);
    expect(attach.err()).toMatch(/^paragents attach: the Paragents engine \(pid \d+\) closed the connection/m);
  });

  it('names the active sessions when there are several, and says so when none is', async () => {
    const { home, link } = await hosted();
    const none = await runCli(['attach'], { home });
    expect(none.code).toBe(1);
    expect(none.stderr.trim()).toBe('paragents attach: no session is active; name one to follow its next prompt: paragents attach SESSION');

    for (const name of ['left', 'right']) {
      const s = unwrap(await link.handlers['session.create']({ workspace: tempDir(), name }));
      unwrap(await link.handlers['prompt.send']({ session: s.id, text: `hold on ${name}` }));
    }
    await fx.server.reached('held', 2);
    const several = await runCli(['attach'], { home });
    expect(several.code).toBe(2);
    const lines = several.stderr.trim().split('\n');
    expect(lines[0]).toBe('paragents attach: 2 sessions are active; name one: paragents attach SESSION');
    expect(lines.slice(1).map((l) => l.trim().split(/\s+/)[0]).sort()).toEqual(['left', 'right']);
  });

  it('with no engine running shows a named session as stored and exits 1', async () => {
    const { home, host, link } = await hosted();
    const session = unwrap(await link.handlers['session.create']({ workspace: tempDir(), name: 'past' }));
    const prompt = unwrap(await link.handlers['prompt.send']({ session: session.id, text: 'remember this' }));
    await nextLinkEvent(link, 'turn_completed', (e) => e.promptId === prompt.id);
    host.child.kill('SIGTERM');
    await host.exited;

    const unnamed = await runCli(['attach'], { home });
    expect(unnamed.code).toBe(1);
    expect(unnamed.stderr.trim()).toBe(`paragents attach: no Paragents engine is running for ${home}; start the app or \`paragents serve\``);

    const named = await runCli(['attach', 'past'], { home });
    expect(named.code).toBe(1);
    expect(named.stdout).toContain(`session past (S:${session.ref}) in ${session.workspace}: completed`);
    expect(named.stdout).toContain(`  latest 5 events:\n    [S:past] session created in ${session.workspace}`);
    expect(named.stdout).toContain(`    [S:past][P:${prompt.ref}] completed: echo: remember this`);
    expect(named.stderr.trim()).toBe(
      `paragents attach: no Paragents engine is running for ${home}; start the app or \`paragents serve\`; nothing in session past (S:${session.ref}) is running`,
    );
  });
});

// Where the endpoint of a data folder whose own path is too long for a socket lives when XDG_RUNTIME_DIR is not
// set: never a name in the shared temp folder that another local user can compute from the data folder's path
// and take first. Real host processes, a real temp folder standing in for the shared /tmp (TMPDIR).
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { connectLocalEndpoint, type RemoteEngineLink } from '../../main/local/endpoint-client';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { unwrap } from '../helpers/engine';
import { killHosts, startHost } from './host-process';

const links: RemoteEngineLink[] = [];

afterEach(async () => {
  for (const link of links.splice(0)) await link.close();
  killHosts();
});
afterAll(() => cleanupTempDirs());

const LONG = 'a-data-folder-whose-path-is-too-long-for-a-unix-socket-'.repeat(2);

/** A data folder whose `run/engine.sock` does not fit in a socket address, and a temp folder of its own. */
function setup() {
  const home = join(tempDir('paragents-home-'), LONG);
  mkdirSync(home);
  const shared = tempDir('paragents-shared-tmp-');
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TMPDIR: shared };
  // The name the endpoint folder used to have: anyone can compute it from the data folder's path.
  const predictable = join(shared, `paragents-${createHash('sha256').update(realpathSync(home)).digest('hex').slice(0, 16)}`);
  return { home, shared, env, predictable };
}

async function connect(home: string, shared: string): Promise<RemoteEngineLink> {
  const link = unwrap(await connectLocalEndpoint({ home, env: {}, tmpdir: shared }));
  if (!link) throw new Error(`no engine listens for ${home}`);
  links.push(link);
  return link;
}

const uid = process.getuid!();

describe('the endpoint of a data folder with a long path, XDG_RUNTIME_DIR unset', () => {
  it('is not blocked by a file another user put at the predictable temp name; its folder is 0700 and ours', async () => {
    const { home, shared, env, predictable } = setup();
    writeFileSync(predictable, 'taken first by another user');

    const host = await startHost(home, env);
    expect(host.path.startsWith(predictable)).toBe(false);
    const folder = lstatSync(dirname(host.path));
    expect(folder.isDirectory()).toBe(true);
    expect(folder.mode & 0o777).toBe(0o700);
    expect(folder.uid).toBe(uid);
    expect(lstatSync(host.path).isSocket()).toBe(true);

    // Every client finds it from the data folder alone.
    const link = await connect(home, shared);
    expect(link.path).toBe(host.path);
    const created = await link.handlers['session.create']({ workspace: tempDir('paragents-ws-') });
    expect(created.ok).toBe(true);

    host.child.kill('SIGTERM');
    expect((await host.exited).code).toBe(0);
    // The host leaves nothing of its endpoint behind in the shared folder.
    expect(existsSync(dirname(host.path))).toBe(false);
    // (tsx, which runs the host from source, keeps its own cache there.)
    expect(readdirSync(shared).filter((n) => n.startsWith('paragents-'))).toEqual([predictable.slice(shared.length + 1)]);
  });

  it('is not blocked by a folder another user opened to everyone at the predictable name, nor joins a socket there', async () => {
    const { home, shared, env, predictable } = setup();
    mkdirSync(predictable, { mode: 0o777 });

    const host = await startHost(home, env);
    expect(host.path.startsWith(predictable)).toBe(false);
    expect(lstatSync(dirname(host.path)).mode & 0o777).toBe(0o700);
    const link = await connect(home, shared);
    expect(link.path).toBe(host.path);
    expect((await link.handlers['session.list']({})).ok).toBe(true);
  });

  it('a host that was killed leaves a record that the next host replaces, and clients follow it', async () => {
    const { home, shared, env } = setup();
    const first = await startHost(home, env);
    first.child.kill('SIGKILL');
    await first.exited;
    // Nobody listens: a client finds no engine rather than an error.
    expect(await connectLocalEndpoint({ home, env: {}, tmpdir: shared })).toEqual({ ok: true, value: null });

    const second = await startHost(home, env);
    expect(second.path).not.toBe(first.path);
    // The dead host's folder was ours and is cleared by the next one.
    expect(existsSync(dirname(first.path))).toBe(false);
    const link = await connect(home, shared);
    expect(link.path).toBe(second.path);
  });
});

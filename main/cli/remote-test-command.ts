import type { RemoteConfig } from '../../shared/remotes';
import { connectSsh } from '../remote/ssh-link';
import { cliText } from './cli-text';
import { EXIT_FAILED, EXIT_OK, type CliIo } from './io';
import { render, shownError } from '../../shared/i18n';

/**
 * `paragents remote test NAME`: connects as the panel would, asks the engine one request, and says in one sentence
 * either what answered (version, contract, host, data folder) or what is wrong: ssh's own message, Paragents not
 * installed there, or a contract version this side cannot speak. The engine it reached is left running.
 */
export async function runRemoteTest(io: CliIo, remote: RemoteConfig): Promise<number> {
  const { lang, t } = cliText(io);
  const connected = await connectSsh(remote, { env: { ...process.env, ...io.env } });
  if (!connected.ok) {
    io.stderr(`paragents remote test: ${render(lang, connected.error.msg)}`);
    return EXIT_FAILED;
  }
  const link = connected.value;
  try {
    // One request through the channel, so that "reachable" means the contract works end to end.
    const listed = await link.handlers['session.list']({});
    if (!listed.ok) {
      io.stderr(`paragents remote test: ${shownError(lang, listed.error)}`);
      return EXIT_FAILED;
    }
    const h = link.hello;
    io.stdout(t('machines.link.reachable', { name: remote.name, version: h.version, contract: h.contract, hostname: h.hostname, home: h.home }));
    return EXIT_OK;
  } finally {
    await link.close();
  }
}

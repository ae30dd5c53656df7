import type { RemoteConfig } from '../../shared/remotes';
import { testRemote } from '../remote/remote-test';
import { EXIT_FAILED, EXIT_OK, type CliIo } from './io';
import { cliText } from './cli-text';
import { render } from '../../shared/i18n';

/**
 * `paragents remote test NAME`: connects as the panel would, asks the engine one request, and says in one sentence
 * either what answered (version, contract, host, data folder) or what is wrong: ssh's own message, Paragents not
 * installed there, or a contract version this side cannot speak. The engine it reached is left running.
 */
export async function runRemoteTest(io: CliIo, remote: RemoteConfig): Promise<number> {
  const { lang } = cliText(io);
  const tested = await testRemote(remote, { env: { ...process.env, ...io.env } });
  if (!tested.reachable) {
    io.stderr(`paragents remote test: ${render(lang, tested.msg)}`);
    return EXIT_FAILED;
  }
  io.stdout(render(lang, tested.msg));
  return EXIT_OK;
}

import { msg } from '../../shared/i18n/message';
import type { MachineTest } from '../../shared/machines';
import type { RemoteConfig } from '../../shared/remotes';
import { connectSsh, type SshConnectOptions } from './ssh-link';

/**
 * Connects to a remote as the panel would, asks its engine one request (so that "reachable" means the contract
 * works end to end) and lets go, leaving that engine running: either what answered (version, contract, host, data
 * folder) or what is wrong, one sentence. `paragents remote test` and the Machines view's "Test" both say this.
 */
export async function testRemote(remote: RemoteConfig, options: SshConnectOptions = {}): Promise<MachineTest> {
  const connected = await connectSsh(remote, options);
  if (!connected.ok) return { name: remote.name, reachable: false, reason: connected.error.reason, msg: connected.error.msg, hello: null };
  const link = connected.value;
  try {
    const listed = await link.handlers['session.list']({});
    if (!listed.ok) {
      const sentence = listed.error.msg ?? msg('machines.link.notAnEngine', { name: remote.name, line: listed.error.message });
      return { name: remote.name, reachable: false, reason: 'not_engine', msg: sentence, hello: link.hello };
    }
    const h = link.hello;
    return {
      name: remote.name,
      reachable: true,
      reason: null,
      msg: msg('machines.link.reachable', { name: remote.name, version: h.version, contract: h.contract, hostname: h.hostname, home: h.home }),
      hello: h,
    };
  } finally {
    await link.close();
  }
}

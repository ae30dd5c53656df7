/** The port of the sandbox's own loopback where the relay to the command's proxy listens. */
export const RELAY_PORT = 3128;

/**
 * The variables that send a confined command's programs through its proxy: HTTP(S) for most tools, SOCKS for the
 * rest, git over ssh by the relay's CONNECT. The sandbox's own loopback stays direct (a test server the command
 * starts itself), and is all it is: this machine's loopback is outside the sandbox's network.
 */
export function proxyEnv(): Record<string, string> {
  const http = `http://127.0.0.1:${RELAY_PORT}`;
  const socks = `socks5h://127.0.0.1:${RELAY_PORT}`;
  const direct = 'localhost,127.0.0.1,::1';
  return {
    HTTP_PROXY: http,
    HTTPS_PROXY: http,
    http_proxy: http,
    https_proxy: http,
    ALL_PROXY: socks,
    all_proxy: socks,
    NO_PROXY: direct,
    no_proxy: direct,
    GIT_SSH_COMMAND: `ssh -o ProxyCommand='socat - PROXY:127.0.0.1:%h:%p,proxyport=${RELAY_PORT}'`,
    SANDBOX_RUNTIME: '1',
  };
}

/** `domain:example.com` is that host only; `domain:*.docs.dev` any subdomain depth, not docs.dev itself. */
export function matchDomain(rule: { domain: string; wildcard: boolean }, host: string): boolean {
  if (!rule.wildcard) return host === rule.domain;
  return host.endsWith(`.${rule.domain}`);
}

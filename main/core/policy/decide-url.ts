import { part, rulesOf, type DecideContext, type Part } from './context';
import { matchDomain, parseFetchUrl } from './rules/match-url';
import type { Rule } from './rules/types';

function domainMatches(rule: Rule, host: string): boolean {
  if (rule.matcher.type === 'any') return true;
  return rule.matcher.type === 'domain' && matchDomain(rule.matcher, host);
}

/** WebFetch: http(s) only, internal addresses blocked unless a rule names that exact host. */
export function decideUrl(ctx: DecideContext, raw: string): Part {
  const url = parseFetchUrl(raw);
  if (typeof url === 'string') return part('blocked', 'builtin', url);
  const { host } = url;
  for (const rule of rulesOf(ctx, 'deny', ['WebFetch'])) {
    if (domainMatches(rule, host)) return part('blocked', rule.source, `fetching ${host} is denied by ${rule.text}`, rule.text);
  }
  if (url.internal) {
    const explicit = rulesOf(ctx, 'allow', ['WebFetch']).some(
      (r) => r.matcher.type === 'domain' && !r.matcher.wildcard && r.matcher.domain === host,
    );
    if (!explicit) return part('blocked', 'builtin', `${host} is ${url.internal}; only an explicit WebFetch(domain:${host}) rule allows it`);
  }
  for (const rule of rulesOf(ctx, 'ask', ['WebFetch'])) {
    if (domainMatches(rule, host)) return part('needs_approval', rule.source, `fetching ${host} asks by ${rule.text}`, rule.text);
  }
  if (ctx.mode === 'bypass') return part('auto_approved', 'mode', `bypass mode allows fetching ${host}`);
  for (const rule of rulesOf(ctx, 'allow', ['WebFetch'])) {
    if (domainMatches(rule, host)) return part('auto_approved', rule.source, `fetching ${host} is allowed by ${rule.text}`, rule.text);
  }
  return part('needs_approval', 'mode', `fetching ${host} needs approval in ${ctx.mode} mode`, null, `WebFetch(domain:${host})`);
}

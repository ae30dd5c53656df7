import { msg } from '../../../shared/i18n/message';
import { part, rulesOf, type DecideContext, type Part } from './context';
import { parseFetchUrl } from '../tools/webfetch-url';
import { matchDomain } from './rules/match-url';
import type { Rule } from './rules/types';

function domainMatches(rule: Rule, host: string): boolean {
  if (rule.matcher.type === 'any') return true;
  return rule.matcher.type === 'domain' && matchDomain(rule.matcher, host);
}

/** WebFetch: http(s) only, internal addresses blocked unless a rule names that exact host. */
export function decideUrl(ctx: DecideContext, raw: string): Part {
  const url = parseFetchUrl(raw);
  if (!('host' in url)) return part('blocked', 'builtin', url);
  const { host } = url;
  for (const rule of rulesOf(ctx, 'deny', ['WebFetch'])) {
    if (domainMatches(rule, host)) return part('blocked', rule.source, msg('reasons.deniedBy', { what: msg('reasons.fetching', { host }), rule: rule.text }), rule.text);
  }
  if (url.internal) {
    const explicit = rulesOf(ctx, 'allow', ['WebFetch']).some(
      (r) => r.matcher.type === 'domain' && !r.matcher.wildcard && r.matcher.domain === host,
    );
    if (!explicit) return part('blocked', 'builtin', msg('reasons.internalHost', { host, what: url.internal }));
  }
  for (const rule of rulesOf(ctx, 'ask', ['WebFetch'])) {
    if (domainMatches(rule, host)) return part('needs_approval', rule.source, msg('reasons.askedBy', { what: msg('reasons.fetching', { host }), rule: rule.text }), rule.text);
  }
  if (ctx.mode === 'bypass') return part('auto_approved', 'mode', msg('reasons.bypassAllows', { what: msg('reasons.fetching', { host }) }));
  for (const rule of rulesOf(ctx, 'allow', ['WebFetch'])) {
    if (domainMatches(rule, host)) return part('auto_approved', rule.source, msg('reasons.allowedBy', { what: msg('reasons.fetching', { host }), rule: rule.text }), rule.text);
  }
  return part('needs_approval', 'mode', msg('reasons.needsApproval', { what: msg('reasons.fetching', { host }), mode: ctx.mode }), null, `WebFetch(domain:${host})`);
}

/*
 * The request line's target, read without trusting it. Only the origin form (`/path?query`) is served; an
 * absolute URL, `*`, an empty target or a path starting with `//` is refused before anything else looks at it.
 * (`new URL('//x', base)` reads `//x` as another host, and throws for `//`; the path is never resolved against
 * a base here, so it cannot name a host.)
 */

const BASE = 'http://host.invalid';

/** The target as a URL on a placeholder origin, or null when it is not a plain `/path?query`. */
export function parseRequestTarget(raw: string | undefined): URL | null {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(BASE + raw);
  } catch {
    return null;
  }
  // The WHATWG parser turns `\` into `/` and resolves dot segments, so check the result as well as the input.
  if (url.origin !== BASE || url.pathname.startsWith('//')) return null;
  return url;
}

/** The query without its `token` parameters; every other parameter is kept exactly as it was written. */
export function queryWithoutToken(search: string): string {
  if (search.length <= 1) return '';
  const kept = search
    .slice(1)
    .split('&')
    .filter((pair) => {
      // URLSearchParams decodes the name the way the token lookup does (`tok%65n` is `token`) and never throws.
      const name = new URLSearchParams(pair).keys().next().value;
      return name !== 'token';
    });
  return kept.length === 0 ? '' : `?${kept.join('&')}`;
}

/**
 * Where a page loaded with `?token=` is sent once the cookie is set: the same path (always one leading slash,
 * so the browser cannot read it as another host) and the rest of the query.
 */
export function locationWithoutToken(url: URL): string {
  return `/${url.pathname.replace(/^\/+/, '')}${queryWithoutToken(url.search)}`;
}

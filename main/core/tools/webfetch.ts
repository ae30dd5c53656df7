import ipaddr from 'ipaddr.js';
import { WebFetchInput } from '../../../shared/tools';
import { english } from '../../../shared/i18n/message';
import { parseFetchUrl, type ParsedUrl } from './webfetch-url';
import { defineTool } from './define';
import { ToolError, errorText } from './errors';
import type { ToolContext, ToolDefinition, ToolOutcome } from './types';
import { AddressRefused, addressRefusal, guardedLookup, systemResolver, type AddressAllowed } from './webfetch-address';
import type { convertBody } from './webfetch-convert';
import { getOnce } from './webfetch-request';

export interface WebFetchLimits {
  /** Bytes of (decoded) body read; the rest is not downloaded. */
  maxBytes: number;
  /** For the whole call, every redirect included. */
  timeoutMs: number;
  /** Characters of content returned to the model. */
  maxChars: number;
  maxRedirects: number;
}

export const WEBFETCH_LIMITS: WebFetchLimits = { maxBytes: 5 * 1024 * 1024, timeoutMs: 30_000, maxChars: 100_000, maxRedirects: 10 };

const ERROR_EXCERPT_CHARS = 2000;

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(1)} MB` : bytes >= 1024 ? `${+(bytes / 1024).toFixed(1)} KB` : `${bytes} bytes`;
}

/** The URL the policy is asked about for one address: a rule naming the address itself allows it. */
function addressUrl(ip: string): string {
  return ipaddr.parse(ip).kind() === 'ipv6' ? `http://[${ip}]/` : `http://${ip}/`;
}

/**
 * A redirect to a host this call has not fetched from is followed only when the policy allows that URL without
 * asking anyone; otherwise the model is told where it leads, so it can fetch it with a new call (which the
 * policy decides, and a person approves, like any other).
 */
async function checkRedirect(ctx: ToolContext, from: string, to: string): Promise<void> {
  const stop = `${from} redirected to ${to}`;
  if (!ctx.web) throw new ToolError(`${stop}, on another host; WebFetch did not follow it. Call WebFetch with that URL to fetch it.`);
  const v = await ctx.web.verdict(to, { sessionId: ctx.sessionId, workspace: ctx.workspace });
  switch (v.decision) {
    case 'auto_approved':
      return;
    case 'needs_approval':
      throw new ToolError(`${stop}, which needs a person's approval (${v.reason}); WebFetch did not follow it. Call WebFetch with that URL to ask for it.`);
    case 'blocked':
      throw new ToolError(`${stop}, which the permission policy blocks (${v.reason}); WebFetch did not follow it.`);
    default: {
      const never: never = v.decision;
      throw new Error(`unknown decision ${String(never)}`);
    }
  }
}

interface Page {
  url: string;
  status: number;
  statusText: string;
  contentType: string | undefined;
  body: Buffer;
  truncated: boolean;
}

/** GETs `start`, following redirects hop by hop; every hop's addresses are checked as its socket connects. */
async function fetchFollowing(ctx: ToolContext, start: string, limits: WebFetchLimits, signal: AbortSignal): Promise<Page & { from: string[] }> {
  const resolve = ctx.web?.resolve ?? systemResolver;
  const call = { sessionId: ctx.sessionId, workspace: ctx.workspace };
  const allowed: AddressAllowed = async (ip) => (ctx.web ? (await ctx.web.verdict(addressUrl(ip), call)).decision === 'auto_approved' : false);
  // The policy decided the first URL before the call ran; a host fetched once in this call stays allowed.
  const hosts = new Set<string>();
  const from: string[] = [];
  let current = start;
  while (true) {
    const parsed = parseFetchUrl(current);
    const previous = from.at(-1);
    if (!('host' in parsed)) {
      const why = english(parsed);
      throw new ToolError(previous ? `${previous} redirected to ${current}, and ${why}.` : `${why}.`);
    }
    const url: ParsedUrl = parsed;
    if (previous !== undefined && !hosts.has(url.host)) await checkRedirect(ctx, previous, url.href);
    hosts.add(url.host);
    // An IP address in the URL is connected to without a lookup: it is checked here instead.
    if (ipaddr.isValid(url.host)) {
      const refusal = await addressRefusal(url, url.host, allowed);
      if (refusal !== null) throw new AddressRefused(refusal);
    }
    const res = await getOnce(new URL(url.href), { lookup: guardedLookup(url, resolve, allowed), signal, maxBytes: limits.maxBytes });
    if (res.kind === 'body') {
      return { url: url.href, status: res.status, statusText: res.statusText, contentType: res.headers['content-type'], body: res.body, truncated: res.truncated, from };
    }
    if (from.length >= limits.maxRedirects) throw new ToolError(`${start} redirected more than ${limits.maxRedirects} times; WebFetch stopped at ${url.href}.`);
    let next: string;
    try {
      next = new URL(res.location, url.href).href;
    } catch {
      throw new ToolError(`${url.href} answered HTTP ${res.status} with a Location that is not a URL: ${JSON.stringify(res.location)}.`);
    }
    from.push(url.href);
    current = next;
  }
}

function render(input: { prompt?: string | undefined }, page: Page & { from: string[] }, limits: WebFetchLimits, convert: typeof convertBody): ToolOutcome {
  const converted = convert(page.body, page.contentType, page.url);
  const header = [`URL: ${page.url}`];
  if (page.from.length > 0) header.push(`Redirected from: ${page.from.join(' → ')}`);
  header.push(`Status: ${page.status} ${page.statusText}`.trimEnd(), `Content-Type: ${page.contentType ?? '(none)'}`);
  if (converted.kind === 'markdown' && converted.title) header.push(`Title: ${converted.title}`);
  if (input.prompt !== undefined) header.push(`Looking for: ${input.prompt}`, 'Note: no other model has read this page; the content follows as fetched.');
  const size = page.truncated ? `the first ${sizeText(page.body.length)} (the body is longer; WebFetch reads no more)` : sizeText(page.body.length);
  header.push(`Downloaded: ${size}`);
  const ok = page.status >= 200 && page.status < 300;
  if (converted.kind === 'binary') {
    const note = `${page.url} is ${converted.mediaType}, not text; WebFetch returns only HTML and text (text/*, JSON, XML).`;
    return { ok: false, error: ok ? note : `${page.url} answered HTTP ${page.status} ${page.statusText}`.trimEnd() + '.' };
  }
  const text = converted.text;
  if (!ok) {
    const excerpt = text.length > ERROR_EXCERPT_CHARS ? `${text.slice(0, ERROR_EXCERPT_CHARS)}…` : text;
    return { ok: false, error: `${page.url} answered HTTP ${page.status} ${page.statusText}`.trimEnd() + `.${excerpt ? `\n\n${excerpt}` : ''}` };
  }
  const cut = text.length > limits.maxChars;
  const shown = cut ? `${text.slice(0, limits.maxChars)}\n\n[… ${text.length - limits.maxChars} more characters not shown]` : text;
  return { ok: true, output: `${header.join('\n')}\n\n${shown || '(the page has no text)'}`, truncated: cut || page.truncated };
}

/** A network failure as one sentence: the refusal of an address, a timeout, a cancel, or the system's error. */
function failure(e: unknown, url: string, limits: WebFetchLimits, cancelled: boolean, timedOut: boolean): ToolError {
  if (e instanceof ToolError) return e;
  if (e instanceof AddressRefused) return new ToolError(`Refused to connect: ${e.message}.`);
  if (cancelled) return new ToolError('WebFetch was cancelled.');
  if (timedOut) return new ToolError(`Fetching ${url} took longer than ${limits.timeoutMs / 1000} s; WebFetch stopped.`);
  return new ToolError(`Fetching ${url} failed: ${errorText(e)}.`);
}

export function createWebFetchTool(overrides: Partial<WebFetchLimits> = {}): ToolDefinition<typeof WebFetchInput> {
  const limits = { ...WEBFETCH_LIMITS, ...overrides };
  return defineTool({
    name: 'WebFetch',
    description:
      'Fetch a URL with an HTTP(S) GET and return its content as text. HTML is converted to Markdown (links made ' +
      'absolute); text types (text/*, JSON, XML) are returned as sent; binary content (images, PDFs, archives) is ' +
      `refused. At most ${sizeText(limits.maxBytes)} is downloaded and ${limits.maxChars} characters returned; the call ` +
      `stops after ${limits.timeoutMs / 1000} s. Redirects to another host are followed only when the permission ` +
      'policy allows that URL without asking; otherwise the result names it so you can fetch it with a new call. ' +
      'Addresses on this machine or a private network (localhost, 10.x, 192.168.x, 169.254.169.254, …) are refused ' +
      'unless a rule names them. `prompt` is an optional note of what you are looking for, repeated at the top of ' +
      'the result: no other model reads or summarises the page for you.',
    inputSchema: WebFetchInput,
    effects: (input) => [{ kind: 'fetch', url: input.url }],
    async run(input, ctx) {
      const timeout = AbortSignal.timeout(limits.timeoutMs);
      const signal = AbortSignal.any([ctx.signal, timeout]);
      let page;
      try {
        page = await fetchFollowing(ctx, input.url, limits, signal);
      } catch (e) {
        throw failure(e, input.url, limits, ctx.signal.aborted, timeout.aborted);
      }
      // The HTML parser and Markdown converter load at the first fetch, not when the engine starts.
      const { convertBody } = await import('./webfetch-convert');
      return render(input, page, limits, convertBody);
    },
  });
}

export const webFetchTool = createWebFetchTool();

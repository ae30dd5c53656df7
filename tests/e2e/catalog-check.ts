// The check the Chromium walks in 简体中文 run on each screen: no visible text or label of the English catalog,
// outside what is not the app's own text (code, paths, tool input and output, the model's and the person's words).
import type { Page } from 'playwright-core';
import { CATALOGS, type Catalog } from '../../shared/i18n';

/** What people see that is not the app's own text: code, paths, tool input and output, the model's and the person's words. */
export const NOT_UI = [
  'code',
  'pre',
  '.markdown',
  '.user-text',
  '.tool-what',
  '.tool-name',
  '.session-name',
  '.session-ref',
  '.pane-header h2',
  '.group-title',
  '.workspace',
  '.interrupted-prompt',
  '.palette-title',
  '.palette-snippet',
  '.change-list .file-pick',
  '.file-diff-body',
  '.diff-piece',
].join(', ');

/** Every message of a catalog as [dotted key, text]. */
function flatten(catalog: Catalog, prefix = ''): [string, string][] {
  return Object.entries(catalog).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`)));
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Matcher {
  key: string;
  text: string;
  whole: RegExp;
  inside: RegExp | null;
}

/**
 * Matchers for the English catalog's texts that 简体中文 writes differently: a text node or label equal to one (its
 * variables matching anything), or holding a sentence of one. Texts that are the same in both (Bash, MCP, Base
 * URL) and texts without an English word of three letters or more (" · ", "{{label}} ×{{count}}") are left out.
 */
function englishMatchers(): Matcher[] {
  const zh = new Map(flatten(CATALOGS['zh-CN']));
  const out: Matcher[] = [];
  for (const [key, text] of flatten(CATALOGS.en)) {
    const twin = zh.get(key) ?? zh.get(key.replace(/_(zero|one|two|few|many)$/, '_other'));
    if (twin === text) continue;
    const parts = text.split(/\{\{[^}]+\}\}/);
    const fixed = parts.join(' ');
    if (!/[A-Za-z]{3,}/.test(fixed)) continue;
    const body = parts.map((p) => escape(p.trim())).join('.+?');
    const whole = new RegExp(`^${body}$`, 's');
    // A part of three words or more is a sentence of its own wherever it appears.
    const long = parts.map((p) => p.trim()).filter((p) => p.split(/\s+/).filter((w) => /[A-Za-z]{2,}/.test(w)).length >= 3);
    out.push({ key, text, whole, inside: long.length ? new RegExp(long.map(escape).join('|')) : null });
  }
  return out;
}

/**
 * Runs in the page (kept as source text: the Node typecheck has no DOM types): the visible texts that are the app's
 * own — text nodes, the shown option of each select, and aria-label / title / placeholder.
 */
const VISIBLE_TEXTS = `(notUi) => {
  const shown = (el) => (el.checkVisibility ? el.checkVisibility() : true);
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(notUi) || parent.closest('option, script, style') || !shown(parent)) continue;
    const text = (node.textContent || '').trim();
    if (text) out.push(text);
  }
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest(notUi) || !shown(el)) continue;
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = (el.getAttribute(name) || '').trim();
      if (value) out.push(value);
    }
    if (el instanceof HTMLSelectElement && el.selectedOptions[0]) out.push(el.selectedOptions[0].text.trim());
  }
  return out;
}`;

async function visibleTexts(page: Page): Promise<string[]> {
  return (await page.evaluate(`(${VISIBLE_TEXTS})(${JSON.stringify(NOT_UI)})`)) as string[];
}

let matchers: Matcher[] | null = null;

/** The English catalog texts the page shows, each as "key (“catalog text”) in “the text it was found in”". */
export async function englishOnPage(page: Page): Promise<string[]> {
  matchers ??= englishMatchers();
  const found = new Set<string>();
  for (const text of await visibleTexts(page)) {
    for (const m of matchers) {
      if (m.whole.test(text) || m.inside?.test(text)) found.add(`${m.key} (“${m.text}”) in “${text.slice(0, 120)}”`);
    }
  }
  return [...found];
}

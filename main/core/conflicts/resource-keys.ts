import path from 'node:path';
import { tokenizeShell, type ShellToken } from './shell-words';

/**
 * Preflight: the resources a prompt declares, read from its text before anything runs (paths
 * extracted from the words plus rule-based intent, which people writing prompts have come to rely on: paths keep their case, prose apostrophes
 * do not break tokenizing, `/dev/*`, numbers and URLs are not outputs).
 *
 * Keys: `out:<path>` (workspace-relative POSIX path, or absolute when outside), `git:commit`, `git:push`,
 * `github:write`, `perm:git|github|python|shell`, `file:<basename>`. Only `out:` and `git:` keys are claims
 * that can conflict with another session; the rest are recorded intent.
 */
export interface PreflightIntent {
  keys: string[];
  /** The `out:` keys without the prefix. */
  outputs: string[];
  /** How sure the rules are: 0.35 with no signal, 0.48 with one, 0.62 with 2–3, 0.82 with 4 or more. */
  confidence: number;
}

const REDIRECT_IN_TEXT = /(?:^|\s)(?:>>|>)\s*([^\s|;&]+)/g;
const OUTPUT_PHRASE =
  /(?:输出到|保存到|写入(?:到)?|\bto)\s*[`'"“‘「]?([^\s`'"“”‘’「」,;，。；、()（）<>|&]+\.[A-Za-z0-9]+)/giu;
const GIT_PHRASES = ['提交代码', '提交改动', '代码提交', '改动提交', 'git commit', 'git add'];
const GIT_REGEX = /(?:代码|改动).{0,4}提交|提交.{0,4}(?:代码|改动)|\bcommit\b/iu;
const PR_PHRASES = ['发起pr', 'pull request', '创建pr', '提交pr', 'merge request'];
const PYTHON = /\bpython\d?\b|\.py\b|脚本/iu;
const SHELL = /执行命令|终端|\bshell\b|\bbash\b|\bzsh\b/iu;

/** Strips quotes and trailing punctuation, converts to POSIX, drops `./`; null when it is not a file path. */
export function normaliseDeclaredPath(raw: string, workspace: string): string | null {
  let p = raw.trim().replace(/^[`'"“‘「(（]+/u, '').replace(/[`'"”’」)）,;.:!?，。；：！？]+$/u, '');
  p = p.replace(/\\/g, '/');
  while (p.startsWith('./')) p = p.slice(2);
  if (p === '' || p === '-' || p === '.' || /^\d+$/.test(p) || p.includes('://') || p.startsWith('/dev/')) return null;
  if (p.startsWith('&') || p.includes('$') || p.includes('`')) return null;
  p = path.posix.normalize(p);
  if (path.posix.isAbsolute(p)) {
    const ws = workspace.replace(/\\/g, '/').replace(/\/+$/, '');
    if (p === ws) return null;
    if (p.startsWith(`${ws}/`)) return p.slice(ws.length + 1);
  }
  return p;
}

type Word = Extract<ShellToken, { kind: 'word' }>;
const nonFlags = (words: Word[]): Word[] => words.filter((w) => !w.value.startsWith('-'));

/** The scheduler rules: redirects, tee, touch, mkdir, cp/mv destinations, bare file names, git literals. */
function schedulerKeys(text: string, workspace: string): Set<string> {
  const keys = new Set<string>();
  const addOut = (raw: string): void => {
    const p = normaliseDeclaredPath(raw, workspace);
    if (p) keys.add(`out:${p}`);
  };
  for (const m of text.matchAll(REDIRECT_IN_TEXT)) addOut(m[1] as string);

  // Backticks and code fences only mark code in prose; they are not shell syntax here.
  const tokens = tokenizeShell(text.replace(/`+/g, ' '));
  const words = tokens.filter((t): t is Word => t.kind === 'word');
  for (let i = 0; i < words.length; i++) {
    const cmd = (words[i] as Word).value.toLowerCase();
    const rest = words.slice(i + 1, i + 8);
    if (cmd === 'tee' || cmd === 'touch' || cmd === 'mkdir') {
      const target = nonFlags(rest)[0];
      if (target) addOut(target.value);
    } else if (cmd === 'cp' || cmd === 'mv') {
      const target = nonFlags(rest)[1];
      if (target) addOut(target.value);
    }
  }
  for (const w of words) {
    const v = w.value.replace(/[,;:!?，。；：]+$/u, '').replace(/\.$/, '');
    if (v.includes('.') && !v.includes('/') && /^[\w.-]+\.[A-Za-z0-9]+$/.test(v) && !/^\d+(\.\d+)+$/.test(v)) {
      keys.add(`file:${v}`);
    }
  }
  const lower = text.toLowerCase();
  if (lower.includes('git push')) keys.add('git:push');
  if (lower.includes('git commit')) keys.add('git:commit');
  return keys;
}

/** The rule-based intent: git / PR / python / shell phrases (English and Chinese) and output phrases. */
function intentKeys(text: string, workspace: string): { keys: Set<string>; signals: number } {
  const keys = new Set<string>();
  let signals = 0;
  const lower = text.toLowerCase();
  if (GIT_PHRASES.some((p) => lower.includes(p)) || GIT_REGEX.test(text)) {
    keys.add('perm:git').add('git:commit');
    signals++;
  }
  if (PR_PHRASES.some((p) => lower.replace(/\s+/g, ' ').includes(p) || lower.replace(/\s+/g, '').includes(p))) {
    keys.add('perm:github').add('github:write');
    signals++;
  }
  if (PYTHON.test(text)) {
    keys.add('perm:python');
    signals++;
  }
  if (SHELL.test(text)) {
    keys.add('perm:shell');
    signals++;
  }
  for (const m of text.matchAll(OUTPUT_PHRASE)) {
    const p = normaliseDeclaredPath(m[1] as string, workspace);
    if (p) {
      keys.add(`out:${p}`);
      signals++;
    }
  }
  for (const m of text.matchAll(REDIRECT_IN_TEXT)) {
    if (normaliseDeclaredPath(m[1] as string, workspace)) signals++;
  }
  return { keys, signals };
}

export function confidenceFor(signals: number): number {
  if (signals >= 4) return 0.82;
  if (signals >= 2) return 0.62;
  if (signals === 1) return 0.48;
  return 0.35;
}

export function extractResourceKeys(text: string, workspace: string): PreflightIntent {
  const scheduler = schedulerKeys(text, workspace);
  const intent = intentKeys(text, workspace);
  const keys = [...new Set([...scheduler, ...intent.keys])].sort();
  return {
    keys,
    outputs: keys.filter((k) => k.startsWith('out:')).map((k) => k.slice(4)),
    confidence: confidenceFor(intent.signals),
  };
}

/** Keys that are claims: another session's active claim on the same resource is a conflict. */
export const isClaimKey = (key: string): boolean => key.startsWith('out:') || key.startsWith('git:');

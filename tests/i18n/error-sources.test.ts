// Every error sentence the engine answers a request with, read from its source (main/core outside the policy and
// the conflict engine, which reason-sources.test.ts reads, and the messenger gateway): each must match a template
// so the panel and the CLI show it in Chinese, or be named below with why people never read it in Paragents'
// words. A new `err('…', '…')` about a worktree, a config field, a session or a budget without a template fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { translateReason } from '../../shared/i18n';
import { englishAgain, HAN } from './reason-check';
import { expandTemplate, tsFiles } from './source-scan';


/** Read elsewhere (reason-sources.test.ts) or not Paragents' sentences for people, each folder with why. */
const OTHER_FOLDERS: Record<string, string> = {
  'main/core/policy': 'reasons and settings problems, read by reason-sources.test.ts',
  'main/core/conflicts': 'conflict details and undo refusals, read by reason-sources.test.ts',
  'main/core/tools': "a tool's answer to the model, which the panel shows as the tool wrote it (translateCallError)",
};

const LITERAL = String.raw`(?:\`(?:[^\`\\]|\\.|\$\{(?:[^{}\`]|\{[^{}]*\}|\`[^\`]*\`)*\})*\`|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")`;
/** Where an error people read is written: a request's error, an error object's message or reason, a thrown error, a model request's failure. */
const WRITTEN = new RegExp(String.raw`(?:\berr\(\s*'\w+',\s*|\b(?:message|reason|error): |new (?:Model)?Error\(|\b(?:finish|this\.failed)\(|\bfailure\('\w+',\s*|\bbase\()(${LITERAL}(?:\s*\+\s*${LITERAL})*)`, 'g');

/** A problem of a hooks setting: `problem(field, message)` writes "field: message" (main/core/hooks/config-parse.ts). */
const PROBLEM = new RegExp(String.raw`\bproblem\(\s*(${LITERAL}),\s*(${LITERAL})\)`, 'g');

const INVARIANT = 'an invariant of the engine that no request breaks; if it fails, it is a bug to report as written';
/** Literals in those places that are not sentences people read in Paragents' words, each with why. */
const NOT_SENTENCES: Record<string, string> = {
  '`turn for unknown session/prompt ${sessionId}/${promptId}`': INVARIANT,
  '`unknown prompt ${promptId}`': INVARIANT,
  '`unhandled prompt status ${String(never)}`': INVARIANT,
  '`unknown approvals mode ${String(never)}`': INVARIANT,
  "'a read-only open of the data folder cannot save a session grant'": INVARIANT,
  "'a stored text column holds an encoded value that is not text'": INVARIANT,
  '`payload ${sha256} referenced by a stored row is missing from the payloads table`': INVARIANT,
  "'a stored row holds a malformed payload reference'": INVARIANT,
  "'could not allocate a unique 6-hex ref after 1000 tries'": INVARIANT,
  "'the MCP server process was already started'": INVARIANT,
  '`Paragents needs your permission to use ${call.tool}`': "the message a Notification hook receives on stdin, Claude Code's words for hook scripts",
  '`${baseURL}: ${f.message}`': "the endpoint's address and the system's own error when listing models",
  "'This operation was aborted'": "Node's own AbortError message, kept so callers recognise the abort",
};

/** A sample value for one `${…}` of a template literal: what the engine puts there, or each of its choices. */
function samples(expr: string, file: string): string[] {
  const choice = /\?\s*'([^']*)'\s*:\s*'([^']*)'/.exec(expr);
  if (choice) return [choice[1]!, choice[2]!];
  if (file.startsWith('main/core/model/')) {
    if (/^(?:status|MAX_\w+)$|Math\.round/.test(expr)) return ['500'];
    if (/^sizes$/.test(expr)) return ['', ' (window 8192 tokens)', ' (window 8192 tokens, requested 9000)'];
    if (/^code$/.test(expr)) return ['', '400: '];
    if (/^hint$/.test(expr)) return ['check the key', 'no key is set; set OPENAI_API_KEY', 'no key is set; add apiKey or apiKeyEnv to the provider'];
    if (/^failures\.join/.test(expr)) {
      const one = 'provider "main" (http://127.0.0.1:1234/v1): server error (500: boom) (after 3 attempts)';
      return [one, `${one}; then provider "spare" (https://api.example.com/v1): connection refused`];
    }
    if (/^last\.message$/.test(expr)) return ['server error (500: boom)', '500 Internal Server Error'];
    return ['x'];
  }
  if (/^(?:file|path|loaded\.value\.path)$/.test(expr)) return ['/home/u/.paragents/config.json', '/Users/u/Library/Application Support/Paragents/config.json'];
  if (/^(?:dir|workspace|home|opts\.(?:database|home))$/.test(expr)) return ['/w/p'];
  if (/issues\[0\]\?\.path/.test(expr)) return ['providers.0.model'];
  if (/issues\[0\]\?\.message/.test(expr)) return ['Invalid input: expected string, received number'];
  if (/describeJsonError/.test(expr)) return ['invalid JSON at line 3, column 9: Unexpected token', 'file is empty (expected a JSON object)'];
  if (/^field$/.test(expr)) return ['mcpServers.x'];
  if (/^(?:version|latest)$/.test(expr)) return ['3'];
  if (/^at$/.test(expr)) return ['hooks.PreToolUse[0]'];
  if (/^where$/.test(expr)) return ['hooks.PreToolUse[0].hooks[0]'];
  if (/^message$/.test(expr)) return ['mcpServers must be an object of servers by name'];
  if (/^(?:i|badScheme|pid|reserve|fixedTokens|usable|tokens|hits\.length|MAX_\w+|p\.contextWindow)$/.test(expr)) return ['3'];
  if (/contextWindow|Tokens/.test(expr)) return ['3'];
  if (/\bstatus$/.test(expr)) return ['running'];
  if (/^kind$/.test(expr)) return ['session', 'prompt'];
  if (/standing\.reason/.test(expr)) return ['the server "x" is turned off'];
  if (/verdict\.(?:value\.)?reason|after\.reason/.test(expr)) return ['the command is empty'];
  if (/^hookName\(/.test(expr)) return ['PreToolUse hook `./check.sh` (user settings)'];
  if (/^said\(/.test(expr)) return ['', ': 不行'];
  if (/hook\.command$/.test(expr)) return ['./check.sh'];
  if (/hook\.source$/.test(expr)) return ['user', 'managed'];
  if (/^cannot$/.test(expr)) return ['managed settings lock the permission rules, so only a managed hook may allow'];
  if (/^why$/.test(expr) && file.endsWith('pre-tool.ts')) return ['asked by hook `./check.sh` (user settings): 看一下'];
  if (/^at\.workspace/.test(expr)) return ['/w/p'];
  if (/^entry\.file$/.test(expr)) return ['/w/p/.mcp.json'];
  if (/^by$/.test(expr)) return ['', ' (rule Bash from user settings)'];
  if (/budgetStopText/.test(expr)) return ['the session budget of 50k tokens is used up (52.3k tokens)'];
  if (/^how$/.test(expr)) return ['was stopped by SIGTERM', 'exited with code 3', 'closed the connection'];
  if (/stderrTail\(/.test(expr)) return ['', '; its last stderr lines: boom | bang'];
  if (/^messageOf\(/.test(expr)) return ['spawn mcp-x ENOENT'];
  if (/^what$/.test(expr) && file.endsWith('endpoint-path.ts')) return ['the endpoint folder', 'the endpoint socket'];
  if (/^engineName$/.test(expr)) return ['the Paragents engine (pid 3)', 'the Paragents engine at /run/paragents/engine.sock'];
  if (/octal\(|MAX_SOCKET/.test(expr)) return ['0755'];
  if (/\.uid$/.test(expr)) return ['1001'];
  if (/^what$/.test(expr)) return ['the prompt a1b2c3 (message 7)', 'the output of Bash (message 7)', 'an assistant message calling Read (message 7 of prompt a1b2c3)', 'the last message'];
  if (/^setting$/.test(expr)) return ['maxOutputTokens', 'providers[0].maxOutputTokens'];
  if (/^name$/.test(expr)) return ['mcp.call'];
  return ['x'];
}

/** The sentences a literal (or a sum of literals) can make, its `${…}` filled with samples. */
function sentences(sum: string, file = ''): string[] {
  const parts = sum.match(new RegExp(LITERAL, 'g')) ?? [];
  let out = [''];
  for (const literal of parts) {
    const body = literal.slice(1, -1).replace(/\\`/g, '`').replace(/\\'/g, "'").replace(/\\"/g, '"');
    if (!literal.startsWith('`')) {
      out = out.map((o) => o + body);
      continue;
    }
    const made = expandTemplate(body, (expr) => samples(expr, file));
    out = out.flatMap((o) => made.map((m) => o + m));
  }
  return out;
}

const FOLDERS = ['main/core', 'main/gateway', 'main/local'];

describe('every error sentence the engine answers a request with has a template', () => {
  const found: { file: string; literal: string }[] = [];
  for (const file of FOLDERS.flatMap(tsFiles)) {
    if (Object.keys(OTHER_FOLDERS).some((f) => file.startsWith(`${f}/`))) continue;
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(WRITTEN)) {
      const literal = m[1]!;
      if (!literal.includes(' ')) continue;
      found.push({ file, literal });
    }
    // Why an endpoint is not there: the values of failure.ts's UNREACHABLE table.
    const table = /const UNREACHABLE[^{]*\{([^}]*)\}/.exec(src);
    for (const m of table?.[1]?.matchAll(/'(?:[^'\\]|\\.)*'/g) ?? []) found.push({ file, literal: m[0] });
    for (const m of src.matchAll(PROBLEM)) found.push({ file, literal: `${m[1]!} + ': ' + ${m[2]!}` });
  }

  it('finds the sentences (the scan itself works)', () => {
    expect(found.length).toBeGreaterThan(50);
    expect(found.some((f) => f.literal === '`unknown prompt ${promptId}`')).toBe(true);
  });

  it('each reads in Chinese and gives the English sentence back, or is named as no sentence for people', () => {
    const untranslated: string[] = [];
    for (const { file, literal } of found) {
      if (literal in NOT_SENTENCES) continue;
      for (const s of sentences(literal, file)) {
        const zh = translateReason('zh-CN', s);
        if (zh === s || !HAN.test(zh) || englishAgain(s) !== s) untranslated.push(`${file}: ${s}  ||| ${literal}`);
      }
    }
    expect(untranslated).toEqual([]);
  });

  it('the notes of a provider falling back and of a retry read in Chinese around what the provider said', () => {
    const note = 'model request failed (500 Internal Server Error); trying provider spare next';
    expect(englishAgain(note)).toBe(note);
    expect(translateReason('zh-CN', note)).toBe('模型请求失败（500 Internal Server Error）；改用下一个提供方 spare');
    // The panel's notice of a retry (renderer/store/reducer.ts) says it in seconds.
    const retry = 'model request failed (rate limited (429: slow down)); retry 2 in 4 s';
    expect(englishAgain(retry)).toBe(retry);
    expect(translateReason('zh-CN', retry)).toMatch(/^模型请求失败（请求受到限流（429：slow down））；.*4.*2/);
  });

  it('the list of exceptions holds only literals that are still there', () => {
    const literals = new Set(found.map((f) => f.literal));
    expect(Object.keys(NOT_SENTENCES).filter((l) => !literals.has(l))).toEqual([]);
  });
});

// Lint is mostly here to keep the layers apart (see docs/architecture.md): imports flow
// renderer -> shared, preload -> shared, main/electron -> main/core -> shared.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import vitest from '@vitest/eslint-plugin';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'net', 'http', 'url'];

/**
 * Where every sentence for people is a Msg chosen where it is written (`err(kind, msg(key, vars))`,
 * `part(decision, source, msg(…))`, a reason or a notice): a string or template literal there is a sentence no
 * client can translate. The engine and the gateways are held to it everywhere; the files in MESSAGE_EXCEPTIONS
 * write texts that are not for people, each with its reason.
 */
export const MESSAGE_FOLDERS = ['main/core/**/*.ts', 'main/gateway/**/*.ts', 'main/local/**/*.ts'];
export const MESSAGE_EXCEPTIONS = [
  { file: 'main/core/tools/registry.ts', why: 'a malformed tool call is answered in words for the model, which reads them to send the call again' },
  { file: 'main/core/tools/paths.ts', why: 'a path no file system call can take is answered in words for the model, like the tool\'s own errors' },
  { file: 'main/core/context/input-stubs.ts', why: 'the note left in place of a large input is part of the model\'s view, never shown to people' },
];
const SENTENCE = 'Write a sentence for people as msg(key, vars) (shared/i18n/message.ts), with its English and Chinese catalog entries.';
/** A literal sentence given to err() or part(). */
const SENTENCE_CALLS = [
  { selector: 'CallExpression[callee.name="err"][arguments.1.type=/^(Literal|TemplateLiteral)$/]', message: SENTENCE },
  { selector: 'CallExpression[callee.name="part"][arguments.2.type=/^(Literal|TemplateLiteral)$/]', message: SENTENCE },
];
/** A reason, a detail or a notice written out as a literal sentence (the policy's block has its own, wider list). */
const SENTENCE_PROPERTIES = [
  { selector: 'Property[key.name=/^(reason|detail|notice|note|problem|summaryError)$/] > :matches(TemplateLiteral, Literal[value=/ /]).value', message: SENTENCE },
];
/** The policy's own sentences, built where its shell analysis and address checks find a reason to ask. */
const POLICY_FILES = ['main/core/policy/**/*.ts', 'main/core/tools/webfetch-address.ts', 'main/core/tools/webfetch-url.ts'];
const THREE_WORDS = '/[A-Za-z]+ [A-Za-z]+ [A-Za-z]+/';
const POLICY_SENTENCES = [
  // A reason pushed, assigned or set as a literal: forceAsk, issues, hiddenCode, neverPrefix, a scan's unknown option.
  { selector: 'CallExpression[callee.property.name="push"][callee.object.property.name=/^(forceAsk|issues|hiddenCode|reasons)$/] > :matches(Literal, TemplateLiteral)', message: SENTENCE },
  { selector: 'AssignmentExpression[left.property.name=/^(neverPrefix|forceAsk|unknown|unsure|note)$/] > :matches(TemplateLiteral, Literal[value=/ /]).right', message: SENTENCE },
  { selector: 'Property[key.name=/^(reason|detail|notice|problem|summaryError|neverPrefix|forceAsk|unsure|note)$/] > :matches(TemplateLiteral, Literal[value=/ /]).value', message: SENTENCE },
  { selector: 'CallExpression[callee.property.name=/^(doubt|issue|add)$/][callee.object.type="ThisExpression"] > :matches(TemplateLiteral, Literal[value=/ /]).arguments', message: SENTENCE },
  { selector: 'CallExpression[callee.name="never"] > :matches(TemplateLiteral, Literal[value=/ /]).arguments', message: SENTENCE },
  // A sentence returned as a string (why a command cannot be read, why only an exact rule may allow it).
  { selector: `ReturnStatement > Literal[value=${THREE_WORDS}]`, message: SENTENCE },
  { selector: `ReturnStatement > ConditionalExpression > Literal[value=${THREE_WORDS}]`, message: SENTENCE },
  { selector: `ReturnStatement > TemplateLiteral > TemplateElement[value.raw=${THREE_WORDS}]`, message: SENTENCE },
  { selector: `ReturnStatement > ConditionalExpression > TemplateLiteral > TemplateElement[value.raw=${THREE_WORDS}]`, message: SENTENCE },
];

/**
 * The floors of main/core, bottom first (docs/architecture.md draws them). A folder imports only folders on lower
 * floors, so no circle can form; folders that share a floor never import each other. A file directly in main/core/
 * (unsent-limit.ts) is the top: no folder imports it. When an import would run up a floor, what both sides need
 * belongs lower: a shared type moves into the lower folder, or the lower folder declares a port the upper one
 * implements. Type-only imports count like any other.
 */
export const CORE_FLOORS = [
  ['host-env', 'file-cache'],
  ['store'],
  ['kernel', 'config'],
  ['images'],
  ['model', 'worktree', 'tools'],
  ['context', 'policy'],
  ['cost', 'hooks', 'conflicts', 'sandbox'],
  ['changes', 'mcp'],
  ['engine'],
];
/** Every folder of the floors. */
export const FLOOR_FOLDERS = CORE_FLOORS.flat();
/** The main/core block's patterns, repeated: a later block's no-restricted-imports replaces an earlier one's. */
const CORE_PLAIN_NODE = { group: ['electron', '**/main/electron/**', '**/electron/**', '**/renderer/**', '**/preload/**', '**/web/**', '**/cli/**'], message: 'main/core/ runs under plain Node: no electron, no adapters.' };
/** Files under a floor are held up to this depth (main/core/policy/shell/…/x.ts is 3); tests/shared/core-floors-lint.test.ts checks none is deeper. */
export const FLOOR_DEPTH = 4;

/** Names as the alternatives of a regular expression (`a|b|c`), each matched literally. */
const alternatives = (names) => names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
/**
 * What a file `depth` folders below main/core/<folder>/ may not import: a relative path that climbs exactly to
 * main/core/ (`../engine` from main/core/kernel/x.ts, `../../engine` from main/core/policy/rules/x.ts, but not the
 * policy's own `./engine`) or a path through core/, that then names one of `forbidden` or a file directly in
 * main/core/ (any name that is not a floor's folder).
 */
function upwardRegex(depth, forbidden) {
  const toCore = `(?:(?:\\.\\./){${depth}}|(?:.*/)?(?:\\.\\.|main)/core/)`;
  const topFile = `(?!(?:${alternatives(FLOOR_FOLDERS)})(?:/|$))[^./][^/]*$`;
  const folders = forbidden.length === 0 ? '' : `(?:${alternatives(forbidden)})(?:/|$)|`;
  return `^${toCore}(?:${folders}${topFile})`;
}

function floorMessage(folder, floor) {
  const below = CORE_FLOORS.slice(0, floor).flat();
  const higher = CORE_FLOORS.slice(floor).flat().filter((f) => f !== folder);
  return `main/core/${folder}/ is on floor ${floor + 1} of main/core's ${CORE_FLOORS.length} (CORE_FLOORS in eslint.config.js, docs/architecture.md): `
    + `it imports only the floors below it (${below.length === 0 ? 'none: it is the bottom floor' : below.join(', ')}), `
    + `never ${higher.length === 0 ? '' : `${higher.join(', ')} or `}a file directly in main/core/. `
    + 'Move what both sides need down to the lower folder, or declare a port there that the upper folder implements.';
}

/** `import('…')`, a dynamic import or an import type, held to the same floors as an import statement. */
const floorsPlugin = {
  rules: {
    'import-calls': {
      meta: {
        type: 'problem',
        schema: [{ type: 'object', properties: { regex: { type: 'string' }, message: { type: 'string' } }, required: ['regex', 'message'], additionalProperties: false }],
      },
      create(context) {
        const { regex, message } = context.options[0];
        const re = new RegExp(regex);
        const check = (node, source) => {
          if (typeof source === 'string' && re.test(source)) context.report({ node, message });
        };
        return {
          ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source.value : undefined),
          // typescript-eslint 8 names the path `source`; older versions hold it in `argument`.
          TSImportType: (node) => check(node, node.source ? node.source.value : node.argument?.literal?.value),
        };
      },
    },
  },
};

/**
 * One block per floor folder and depth, so that a relative import is refused exactly where it reaches a folder
 * on the same floor or above; `import type` and `export … from` are import declarations too.
 */
function floorBlocks() {
  return CORE_FLOORS.flatMap((folders, floor) => folders.flatMap((folder) => {
    const forbidden = CORE_FLOORS.slice(floor).flat().filter((f) => f !== folder);
    const message = floorMessage(folder, floor);
    return Array.from({ length: FLOOR_DEPTH }, (_, i) => {
      const regex = upwardRegex(i + 1, forbidden);
      return {
        files: [`main/core/${folder}/${'*/'.repeat(i)}*.ts`],
        plugins: { 'core-floors': floorsPlugin },
        rules: {
          'no-restricted-imports': ['error', { patterns: [CORE_PLAIN_NODE, { regex, message }] }],
          'core-floors/import-calls': ['error', { regex, message }],
        },
      };
    });
  }));
}

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'release/**', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/main/**', '**/renderer/**', '**/preload/**'], message: 'shared/ is the contract: it imports no other layer.' },
          { group: [...nodeBuiltins, 'electron', 'react', 'react-dom', 'better-sqlite3', 'openai'], message: 'shared/ stays pure TypeScript (no Node, DOM or UI libraries).' },
        ],
      }],
    },
  },
  {
    files: ['main/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['electron', '**/main/electron/**', '**/electron/**', '**/renderer/**', '**/preload/**', '**/web/**', '**/cli/**'], message: 'main/core/ runs under plain Node: no electron, no adapters.' },
        ],
      }],
    },
  },
  // The floors of main/core (CORE_FLOORS above): host-env and file-cache at the bottom, the engine at the top.
  ...floorBlocks(),
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/main/**', '**/preload/**'], message: 'renderer/ talks to the engine only through the API object.' },
          { group: [...nodeBuiltins, 'electron', 'better-sqlite3', 'openai'], message: 'renderer/ has no Node or electron access.' },
        ],
      }],
    },
  },
  ...(MESSAGE_FOLDERS.length === 0 ? [] : [{
    files: MESSAGE_FOLDERS,
    ignores: MESSAGE_EXCEPTIONS.map((e) => e.file),
    rules: {
      'no-restricted-syntax': ['error', ...SENTENCE_CALLS, ...SENTENCE_PROPERTIES],
    },
  }]),
  {
    // A later block's options replace an earlier one's for the same rule, so the calls are listed again.
    files: POLICY_FILES,
    ignores: ['main/core/policy/settings/**'],
    rules: {
      'no-restricted-syntax': ['error', ...SENTENCE_CALLS, ...POLICY_SENTENCES],
    },
  },
  {
    // A test that asserts nothing passes whatever the code does. The rule follows assertions into local
    // `function` helpers; helpers named expect… or assert… (expectChip) count as assertions themselves.
    files: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    plugins: { vitest },
    rules: {
      'vitest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*', 'assert*'] }],
    },
  },
  {
    files: ['preload/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/main/**', '**/renderer/**'], message: 'preload/ exposes the shared contract only.' }],
      }],
    },
  },
);

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
 * The floors of main/core (docs/architecture.md): main/core/kernel/ at the bottom (the bus, the prompt lifecycle,
 * slots, pauses, approval waiters, the call gate's types); the services (conflicts, cost, worktree, policy) above
 * it; main/core/engine/ (the turn and the composition root) at the top. A floor imports only floors below it.
 */
const KERNEL_FOLDERS = ['kernel'];
/** What the kernel may not import: the engine and every service and adapter of main/core. */
const ABOVE_KERNEL = ['engine', 'conflicts', 'cost', 'worktree', 'policy', 'tools', 'mcp', 'hooks', 'context', 'model'];
const BELOW_ENGINE = ['conflicts', 'cost', 'worktree', 'policy'];
const KERNEL_FLOOR = 'main/core/kernel/ is the bottom floor of main/core: it imports none of the floors above it (engine, conflicts, cost, worktree, policy, tools, mcp, hooks, context, model), only shared/, the store and itself.';
const BELOW_ENGINE_FLOOR = 'main/core/{conflicts,cost,worktree,policy} sit below the engine: they take the kernel\'s pieces (main/core/kernel/) and never import main/core/engine/ (the turn and the composition root).';
/** The main/core block's patterns, repeated: a later block's no-restricted-imports replaces an earlier one's. */
const CORE_PLAIN_NODE = { group: ['electron', '**/main/electron/**', '**/electron/**', '**/renderer/**', '**/preload/**', '**/web/**', '**/cli/**'], message: 'main/core/ runs under plain Node: no electron, no adapters.' };
/** Files under a floor are held up to this depth (main/core/policy/shell/…/x.ts is 3); tests/shared/core-floors-lint.test.ts checks none is deeper. */
export const FLOOR_DEPTH = 4;
/**
 * One block per folder depth, so that a relative import is forbidden exactly where it reaches main/core/<floor>
 * (`../engine` from main/core/kernel/x.ts, `../../engine` from main/core/policy/rules/x.ts, but not the policy's own
 * `./engine`), besides any path naming core/<floor>.
 */
function floorBlocks(folders, forbidden, message) {
  return Array.from({ length: FLOOR_DEPTH }, (_, i) => {
    const up = '../'.repeat(i + 1);
    return {
      files: folders.map((f) => `main/core/${f}/${'*/'.repeat(i)}*.ts`),
      rules: {
        'no-restricted-imports': ['error', {
          patterns: [
            CORE_PLAIN_NODE,
            { group: forbidden.flatMap((x) => [`**/core/${x}`, `**/core/${x}/**`, `${up}${x}`, `${up}${x}/**`]), message },
          ],
        }],
      },
    };
  });
}
export const FLOOR_FOLDERS = [...KERNEL_FOLDERS, ...BELOW_ENGINE];

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
  // The floors of main/core (see floorBlocks above): the kernel at the bottom, the engine at the top.
  ...floorBlocks(KERNEL_FOLDERS, ABOVE_KERNEL, KERNEL_FLOOR),
  ...floorBlocks(BELOW_ENGINE, ['engine'], BELOW_ENGINE_FLOOR),
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

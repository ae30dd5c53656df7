import path from 'node:path';
import type { Parser } from 'web-tree-sitter';
import { msg, type Msg } from '../../../../shared/i18n/message';
import { builtinAssignedNames, isHarmlessShellVariable, isInertEnv } from './env-vars';
import { fileArgAccesses } from './file-args';
import { gitReasons } from './git';
import { neverPrefixReason } from './never-prefix';
import { optionEffects } from './option-tables';
import { basename } from './options';
import { createBashParserLoader } from './parser';
import type { FileAccess, ShellAnalysis, ShellWord, SimpleCommand } from './types';
import { MAX_CODE_DEPTH, ShellWalker } from './walk';
import { builtinCode, findExecCommands, shellInvocation, unwrap, type WrappedDir } from './wrappers';
import { staticWord } from './words';

/** Longer commands always ask (their deny checks still run). */
export const MAX_COMMAND_CHARS = 12_000;
/** More simple commands than this always ask (their deny checks still run). */
export const MAX_COMMANDS = 300;

/** One simple command and what the policy must know about it. */
export interface CommandPart {
  cmd: SimpleCommand;
  /** What deny/ask rules and the critical list also look at: the argv seen through wrappers and paths. */
  variants: ShellWord[][];
  /** Why no prefix rule may approve it (find -exec, sed -i, node -e, ...). */
  neverPrefix: Msg | null;
  /** Needs no rule of its own: `cd`, declarations, `bash -c`/`eval` with static code (checked inside). */
  transparent: boolean;
  /** Reasons that force a question whatever the rules say (dynamic names, risky env prefixes, ...). */
  forceAsk: Msg[];
}

export interface ShellPlan {
  parts: CommandPart[];
  files: FileAccess[];
  issues: Msg[];
  /** Code bash may run from a value; asks in every mode and no rule can allow it. */
  hiddenCode: Msg[];
}

const HARMLESS = new Set(['cd', 'pushd', 'popd', 'true', 'false', ':']);

/** One way of reading a command (through wrappers, paths, find -exec) and where that reading runs. */
interface Reading {
  argv: ShellWord[];
  cwd: string | null;
  /** Arguments are added at run time (xargs). */
  appended: boolean;
}

function movedTo(cwd: string | null, dir: WrappedDir): string | null {
  if (dir === null) return cwd;
  if (dir === 'unknown' || dir.value === null || cwd === null) return null;
  return path.resolve(cwd, dir.value);
}

class Analyzer {
  readonly parts: CommandPart[] = [];
  private hereDocsParsed = false;

  constructor(
    private readonly parser: Parser,
    private readonly home: string,
    private readonly workspace: string,
    private readonly root: ShellWalker,
  ) {}

  private parseCode(words: ShellWord[], cmd: SimpleCommand, cwd: string | null, part: CommandPart, what: string): void {
    if (words.some((w) => w.value === null)) {
      part.forceAsk.push(msg('reasons.runtimeCode', { what }));
      part.transparent = false;
      // Still look inside the literal text for commands a deny rule should catch.
    }
    const code = words.map((w) => w.value ?? w.text).join(' ');
    if (cmd.depth + 1 > MAX_CODE_DEPTH) {
      part.forceAsk.push(msg('reasons.nestedTooDeep'));
      return;
    }
    const nested = new ShellWalker(this.parser, this.home, cwd, cmd.depth + 1);
    nested.walkSource(code);
    this.root.merge(nested.result);
  }

  private parseHereDocs(cmd: SimpleCommand, cwd: string | null, part: CommandPart): void {
    const docs = this.root.result.hereDocs;
    if (docs.some((d) => d.dynamic)) part.forceAsk.push(msg('reasons.hereDoc'));
    if (this.hereDocsParsed) return;
    this.hereDocsParsed = true;
    for (const doc of [...docs]) {
      const nested = new ShellWalker(this.parser, this.home, cwd, cmd.depth + 1);
      nested.walkSource(doc.text);
      this.root.merge(nested.result);
    }
  }

  analyze(cmd: SimpleCommand): void {
    const part: CommandPart = { cmd, variants: [], neverPrefix: null, transparent: false, forceAsk: [] };
    this.parts.push(part);
    const bare = cmd.argv.length === 0 || cmd.declaration;
    for (const a of cmd.assignments) {
      if (bare ? !isHarmlessShellVariable(a.name) : !isInertEnv(a.name)) {
        part.forceAsk.push(msg(bare ? 'reasons.settingChangesLater' : 'reasons.settingChangesCommand', { name: a.name }));
      }
    }
    if (bare) {
      part.transparent = true;
      this.checkDeclaredNames(cmd, part);
      return;
    }
    const first = cmd.argv[0] as ShellWord;
    if (first.value === null) {
      part.forceAsk.push(msg('reasons.nameRuntime', { word: first.text }));
      return;
    }
    if (first.glob) part.forceAsk.push(msg('reasons.nameGlob', { word: first.text }));
    if (HARMLESS.has(first.value)) part.transparent = true;

    const seen = new Set<string>();
    const queue: Reading[] = [{ argv: cmd.argv, cwd: cmd.cwd, appended: false }];
    let readsStdin = cmd.piped || cmd.hereDoc;
    while (queue.length > 0) {
      const { argv, cwd, appended } = queue.shift() as Reading;
      const key = `${cwd ?? '\0'}\u0002${argv.map((w) => w.value ?? '\0').join('\u0001')}`;
      if (seen.has(key) || seen.size > 20) continue;
      seen.add(key);
      part.variants.push(argv);
      const program = argv[0]?.value;
      if (program === null || program === undefined) {
        part.forceAsk.push(msg('reasons.wrappedRuntime'));
        continue;
      }
      if (program.includes('/')) queue.push({ argv: [staticWord(basename(program)), ...argv.slice(1)], cwd, appended });
      const isOuter = argv === cmd.argv;
      const code = builtinCode(argv);
      if (code !== null) {
        if (isOuter) part.transparent = true;
        if (code.length) this.parseCode(code, cmd, cwd, part, basename(program));
        continue;
      }
      const shell = shellInvocation(argv);
      if (shell) {
        if (shell.kind === 'code') {
          if (isOuter) part.transparent = true;
          this.parseCode([shell.code], cmd, cwd, part, basename(program));
        } else if (shell.kind === 'stdin') {
          if (cmd.piped || !cmd.hereDoc) part.forceAsk.push(msg('reasons.readsInput', { program: basename(program) }));
          else if (isOuter) part.transparent = true;
          this.parseHereDocs(cmd, cwd, part);
        } else if (shell.kind === 'unknown') part.forceAsk.push(shell.reason);
        continue;
      }
      const options = optionEffects(argv, cwd);
      if (options) {
        if (options.neverPrefix && !part.neverPrefix) part.neverPrefix = options.neverPrefix;
        part.forceAsk.push(...options.forceAsk);
        this.root.result.files.push(...options.files);
      }
      const inner = unwrap(argv);
      if (inner) {
        if (inner.kind === 'unknown') part.forceAsk.push(inner.reason);
        else if (inner.kind === 'argv' || inner.kind === 'code') {
          for (const a of inner.env) {
            if (!isInertEnv(a.name)) part.forceAsk.push(msg('reasons.settingChangesCommand', { name: a.name }));
          }
          const innerCwd = movedTo(cwd, inner.dir);
          if (inner.kind === 'argv') {
            const xargs = basename(program) === 'xargs';
            queue.push({ argv: inner.argv, cwd: innerCwd, appended: appended || xargs });
            if (xargs) readsStdin = false;
          } else this.parseCode(inner.code, cmd, innerCwd, part, basename(program));
        }
        continue;
      }
      for (const exec of findExecCommands(argv)) {
        queue.push({ argv: exec.argv, cwd: exec.inMatchFolder ? null : cwd, appended: true });
      }
      const never = neverPrefixReason(argv, readsStdin);
      if (never && !part.neverPrefix) part.neverPrefix = never;
      for (const name of builtinAssignedNames(argv)) {
        if (name === null) part.forceAsk.push(msg('reasons.variableNameRuntime', { program: basename(program) }));
        else if (!isHarmlessShellVariable(name)) part.forceAsk.push(msg('reasons.settingChangesLater', { name }));
      }
      const git = gitReasons(argv, cwd, this.workspace, appended);
      if (git.forceAsk) part.forceAsk.push(git.forceAsk);
      if (git.neverPrefix && !part.neverPrefix) part.neverPrefix = git.neverPrefix;
      this.root.result.files.push(...git.files);
      this.root.result.files.push(...fileArgAccesses(argv, cwd));
    }
  }

  /**
   * `export NAME` (or `declare -x NAME`) hands a variable set earlier, maybe by `read` or a `for` loop, to every
   * later command; a name that can change what commands run asks as an assignment would.
   */
  private checkDeclaredNames(cmd: SimpleCommand, part: CommandPart): void {
    if (!cmd.declaration || cmd.argv[0]?.value === 'unset') return;
    const keyword = cmd.argv[0]?.value ?? 'declare';
    for (const w of cmd.argv.slice(1)) {
      // The grammar gives a bare name as a variable_name node, which reads as dynamic text.
      const name = w.value ?? w.text;
      if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
        if (!isHarmlessShellVariable(name)) part.forceAsk.push(msg('reasons.keywordChangesLater', { keyword, name }));
      } else if (w.value === null) part.forceAsk.push(msg('reasons.keywordRuntime', { keyword }));
    }
  }
}

export interface AnalyzeOptions {
  cwd: string;
  home: string;
}

/** Parses a bash command with tree-sitter-bash and describes every simple command and file it touches. */
export function analyzeShell(parser: Parser, source: string, opts: AnalyzeOptions): ShellPlan {
  const root = new ShellWalker(parser, opts.home, opts.cwd, 0);
  root.walkSource(source);
  const analyzer = new Analyzer(parser, opts.home, opts.cwd, root);
  const commands: SimpleCommand[] = root.result.commands;
  for (let i = 0; i < commands.length && i < 5000; i++) analyzer.analyze(commands[i] as SimpleCommand);
  const result: ShellAnalysis = root.result;
  const issues = [...result.issues];
  if (source.length > MAX_COMMAND_CHARS) issues.push(msg('reasons.tooLong', { max: MAX_COMMAND_CHARS }));
  if (commands.length > MAX_COMMANDS) issues.push(msg('reasons.tooManyParts', { max: MAX_COMMANDS }));
  if (commands.length >= 5000) issues.push(msg('reasons.tooManyToCheck'));
  return { parts: analyzer.parts, files: result.files, issues, hiddenCode: result.hiddenCode };
}

/** The bash analysis the policy and the conflict checks share; one per engine, holding the loaded grammar. */
export interface ShellAnalyzer {
  analyze(source: string, opts: AnalyzeOptions): Promise<ShellPlan>;
}

export function createShellAnalyzer(): ShellAnalyzer {
  const parser = createBashParserLoader();
  return { analyze: async (source, opts) => analyzeShell(await parser(), source, opts) };
}

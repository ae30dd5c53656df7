import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { PermissionMode } from '../../shared/policy';
import { createPolicyEngine, type PolicyEngine, type PolicyVerdict } from '../core/policy/index';
import { hostEnv } from '../core/host-env';
import type { SandboxReadiness } from '../core/policy/sandbox-decide';
import { probeSandbox, type SandboxAvailability } from '../core/sandbox/availability';
import { readinessOf } from '../core/sandbox/readiness';
import { render, type Translator } from '../../shared/i18n';
import { cliText } from './cli-text';
import type { CliIo } from './io';
import { usage } from './usage';

export const POLICY_USAGE = 'paragents policy check --workspace DIR [--mode M] [--headless] [--tool T --input JSON]';

interface CheckArgs {
  workspace: string;
  mode: PermissionMode | undefined;
  headless: boolean;
  tool: string | undefined;
  input: string | undefined;
}

function parseArgs(t: Translator, argv: string[]): CheckArgs | string {
  const [sub, ...rest] = argv;
  if (sub !== 'check') return sub ? t('cliTools.policy.unknownCommand', { name: sub }) : t('cliTools.missingSubcommand');
  const out: Partial<CheckArgs> & { headless: boolean } = { headless: false };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const value = (): string | undefined => (arg.startsWith('--') && eq > 0 ? arg.slice(eq + 1) : rest[++i]);
    switch (flag) {
      case '--workspace':
        out.workspace = value();
        break;
      case '--mode': {
        const m = PermissionMode.safeParse(value());
        if (!m.success) return t('cliTools.policy.badMode', { modes: PermissionMode.options.join(', ') });
        out.mode = m.data;
        break;
      }
      case '--headless':
        out.headless = true;
        break;
      case '--tool':
        out.tool = value();
        break;
      case '--input':
        out.input = value();
        break;
      default:
        return t('cliTools.policy.unknownOption', { option: arg });
    }
  }
  if (!out.workspace) return t('cliTools.policy.needWorkspace');
  if ((out.tool === undefined) !== (out.input === undefined)) return t('cliTools.policy.toolWithInput');
  return { workspace: out.workspace, mode: out.mode, headless: out.headless, tool: out.tool, input: out.input };
}

type Line = Pick<PolicyVerdict, 'rule' | 'source' | 'reason'> & { decision: PolicyVerdict['decision'] | 'error' };

function errorLine(reason: string): Line {
  return { decision: 'error', rule: null, source: 'builtin', reason };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

async function checkOne(engine: PolicyEngine, args: CheckArgs, text: string, where: string): Promise<Line> {
  let call: unknown;
  try {
    call = JSON.parse(text);
  } catch (e) {
    return errorLine(`${where}: not JSON (${(e as Error).message})`);
  }
  if (!isObject(call)) return errorLine(`${where}: expected an object {"tool": ..., "input": {...}}`);
  if (typeof call.tool !== 'string' || call.tool === '') return errorLine(`${where}: "tool" must be a non-empty string`);
  if (!isObject(call.input)) return errorLine(`${where}: "input" must be an object`);
  const checked = await engine.check({
    tool: call.tool,
    input: call.input,
    workspace: args.workspace,
    sessionId: null,
    mode: args.mode,
    headless: args.headless,
  });
  if (!checked.ok) return errorLine(`${where}: ${checked.error.message}`);
  const v = checked.value;
  return { decision: v.decision, rule: v.rule, source: v.source, reason: v.reason };
}

/**
 * `paragents policy check`: JSON lines `{"tool", "input"}` in, one `{"decision","rule","source","reason"}` line
 * out for each; a bad line answers `{"decision":"error",...}` and the run goes on. Exit 1 if any line erred.
 */
export async function runPolicyCommand(argv: string[], io: CliIo): Promise<number> {
  const { t, lang } = cliText(io);
  const parsed = parseArgs(t, argv);
  if (typeof parsed === 'string') {
    io.stderr(`paragents policy: ${parsed}\n${usage(t, POLICY_USAGE)}`);
    return 2;
  }
  const workspace = path.resolve(parsed.workspace);
  try {
    if (!statSync(workspace).isDirectory()) throw new Error('not a folder');
  } catch {
    io.stderr(`paragents policy: ${t('cliTools.policy.notFolder', { workspace })}`);
    return 2;
  }
  const args = { ...parsed, workspace };
  // A command the sandbox confines is answered as a turn would answer it: the sandbox is probed when a workspace turns it on.
  let probed: SandboxAvailability | null = null;
  const sandbox = (): SandboxReadiness => readinessOf((probed ??= probeSandbox(io.env)));
  const engine = createPolicyEngine({ home: io.home, host: hostEnv(io.env, homedir()), sandbox });
  // Each settings problem in the command's language; the JSON lines on stdout stay in English.
  for (const p of await engine.problems(workspace)) io.stderr(`paragents policy: ${p.file}: ${p.msg ? render(lang, p.msg) : p.message}`);
  let errors = 0;
  const emit = (line: Line): void => {
    if (line.decision === 'error') errors++;
    io.stdout(JSON.stringify(line));
  };
  if (args.tool !== undefined) {
    emit(await checkOne(engine, args, JSON.stringify({ tool: args.tool, input: safeJson(args.input) }), '--input'));
    return errors ? 1 : 0;
  }
  const rl = createInterface({ input: io.stdin, crlfDelay: Infinity });
  let n = 0;
  for await (const raw of rl) {
    n++;
    if (raw.trim() === '') continue;
    emit(await checkOne(engine, args, raw, `line ${n}`));
  }
  return errors ? 1 : 0;
}

/** `--input` text as a value, or a marker the line check reports as "not an object". */
function safeJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return `invalid JSON: ${text ?? ''}`;
  }
}

// Cards per task: a scripted workload of 30 typical commands (build, test, lint, scripts, git, package scripts)
// decided by the real policy engine in default mode, without the sandbox and with it. A card is a decision that
// waits for a person. Target: at least 5x fewer cards with the sandbox.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPolicyEngine } from '../main/core/policy/index';
import { probeSandbox } from '../main/core/sandbox/availability';
import { readinessOf } from '../main/core/sandbox/readiness';

const WORKLOAD = [
  'npm run build', 'npm test', 'npm run lint', 'npx tsc --noEmit', 'npx eslint src', 'npx vitest run src/parser.test.ts',
  'make', 'make test', 'cargo build', 'cargo test', 'go build ./...', 'go test ./...', 'python3 -m pytest -q',
  'node scripts/generate.js', 'bash scripts/check.sh', './gradlew test', 'npm install', 'pnpm install --frozen-lockfile',
  'yarn build', 'git status', 'git diff --stat', 'git log --oneline -5', 'git add src/parser.ts', 'git commit -m "parser: handle empty input"',
  'ls -la src', 'cat package.json', 'grep -rn TODO src', 'mkdir -p build/out', 'cp src/a.ts build/out/a.ts', 'rm -rf build/tmp',
];

const root = mkdtempSync(join(tmpdir(), 'paragents-bench-cards-'));
const ws = join(root, 'ws');
mkdirSync(join(ws, 'src'), { recursive: true });
const cards = async (sandboxOn: boolean): Promise<{ cards: number; asked: string[] }> => {
  const home = mkdtempSync(join(root, 'home-'));
  if (sandboxOn) writeFileSync(join(home, 'settings.json'), JSON.stringify({ sandbox: { enabled: true } }));
  const availability = probeSandbox(process.env);
  const policy = createPolicyEngine({ home, host: { home, env: { HOME: home, PATH: process.env.PATH } }, sandbox: () => readinessOf(availability) });
  const asked: string[] = [];
  for (const command of WORKLOAD) {
    const v = await policy.check({ tool: 'Bash', input: { command }, workspace: ws, sessionId: null, headless: false });
    if (!v.ok) throw new Error(`${command}: ${v.error.message}`);
    if (v.value.decision === 'needs_approval') asked.push(command);
  }
  return { cards: asked.length, asked };
};

const without = await cards(false);
const withSandbox = await cards(true);
rmSync(root, { recursive: true, force: true });
const ratio = withSandbox.cards === 0 ? Number.POSITIVE_INFINITY : without.cards / withSandbox.cards;
console.log(`cards for ${WORKLOAD.length} typical commands in default mode: without the sandbox ${without.cards}, with it ${withSandbox.cards}`);
if (withSandbox.asked.length > 0) console.log(`  still asking with the sandbox: ${withSandbox.asked.join(' · ')}`);
// A connection to an unlisted host becomes a card of its own (network access to HOST:PORT) while the command runs:
// the workload reaches no host, so those are the only asks the sandbox leaves and none is counted here.
console.log('  (network: a connection to an unlisted host asks while the command runs; this workload makes none)');
console.log(`fewer cards: ${Number.isFinite(ratio) ? `${ratio.toFixed(1)}x` : 'all gone'} (target at least 5x): ${ratio >= 5 ? 'met' : 'not met'}`);

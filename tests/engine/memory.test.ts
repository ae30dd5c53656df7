import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toolPairingProblems } from '../../main/core/context/view-pairing';
import type { ChatMessage } from '../../main/core/model/types';
import { tempDir } from '../helpers/temp';
import { recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { jsonLines, runCli } from '../helpers/cli';
import { chatBodies as bodiesOf } from '../helpers/chat-bodies';

// A model whose window is small enough that 15 turns of large file reads cannot fit without compaction; the
// server refuses an oversized request with OpenAI's real `context_length_exceeded` error.
const WINDOW = 8000;
const SUMMARY = '## Goal\nread the parts\n## Decisions and why\nnone\n## Files read and changed\npart-*.txt\n## Commands run and their outcome\nnone\n## Open tasks\nnone\n## Unresolved errors\nnone';

const fx = useEngineFixture({
  script: {
    contextWindow: WINDOW,
    rules: [
      { when: 'Write the summary now', steps: [{ content: SUMMARY }] },
      { when: { regex: 'read part (\\d+)' }, steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'part.txt' } }] }, { content: 'part read' }] },
    ],
  },
  // Headless, as the command line runs it, in this process's environment.
  engine: { env: process.env, headless: true, recover: false },
});

const chatBodies = () => bodiesOf<ChatMessage>(fx.server);

describe('memory that lasts', () => {
  it('completes a 15-turn session of large reads in a small window: compactions, first prompt and AGENTS.md still in view, every prompt in sessions show', async () => {
    const home = fx.home({
      providers: [{ name: 'scripted', baseURL: fx.server.url, model: 'gpt-4o-mini', apiKey: 'k', contextWindow: WINDOW, maxOutputTokens: 500 }],
    });
    const ws = tempDir();
    mkdirSync(join(ws, '.git'));
    writeFileSync(join(ws, 'AGENTS.md'), 'Always answer in British English. MARKER-AGENTS-42\n');
    writeFileSync(join(ws, 'part.txt'), 'lorem ipsum dolor sit amet, '.repeat(300));
    const engine = await fx.open({ home });
    const events = recordEvents(engine);
    const session = unwrap(await engine.handlers['session.create']({ workspace: ws, name: 'long' }));
    const first = 'ZEBRA-17 keep the public API stable; now read part 1';
    for (let i = 1; i <= 15; i++) {
      const text = i === 1 ? first : `read part ${i}`;
      const p = unwrap(await engine.handlers['prompt.send']({ session: session.id, text }));
      expect(await settled(engine, p.id)).toBe('completed');
    }
    const compactions = events.filter((e) => e.type === 'context_compacted');
    expect(compactions.length).toBeGreaterThan(0);
    const last = chatBodies().filter((b) => !JSON.stringify(b).includes('Write the summary now')).at(-1);
    const text = JSON.stringify(last?.messages);
    expect(text).toContain('ZEBRA-17 keep the public API stable');
    expect(text).toContain('MARKER-AGENTS-42');
    expect(toolPairingProblems(last?.messages ?? [])).toEqual([]);
    const beforeFirstCompaction = chatBodies()[0];
    expect(JSON.stringify(beforeFirstCompaction?.messages)).toContain('MARKER-AGENTS-42');
    const usage = events.filter((e) => e.type === 'usage').at(-1);
    expect(usage?.type === 'usage' && usage.contextWindow).toBe(WINDOW);
    const summary = unwrap(await engine.handlers['session.get']({ session: session.id }));
    expect(summary.context?.window).toBe(WINDOW);
    expect(summary.context?.tokens).toBeLessThanOrEqual(WINDOW);
    await fx.close(engine);
    const shown = await runCli(['sessions', 'show', 'long', '--json'], { home });
    expect(shown.code).toBe(0);
    const queued = jsonLines(shown.stdout).filter((e) => e.type === 'prompt_queued').map((e) => e.text);
    expect(queued).toHaveLength(15);
    expect(queued[0]).toBe('ZEBRA-17 keep the public API stable; now read part 1');
  });

  it('compacts on request with a focus, and the next turn sees the summary', async () => {
    const home = fx.home({
      providers: [{ name: 'scripted', baseURL: fx.server.url, model: 'gpt-4o-mini', apiKey: 'k', contextWindow: 16000, maxOutputTokens: 500 }],
    });
    const ws = tempDir();
    writeFileSync(join(ws, 'part.txt'), 'lorem ipsum dolor sit amet, '.repeat(100));
    const engine = await fx.open({ home });
    const session = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    for (let i = 1; i <= 5; i++) {
      const p = unwrap(await engine.handlers['prompt.send']({ session: session.id, text: `read part ${i}` }));
      expect(await settled(engine, p.id)).toBe('completed');
    }
    const c = unwrap(await engine.handlers['session.compact']({ session: session.id, focus: 'the parts' }));
    expect(c.compacted).toBe(true);
    expect(c.summary).toContain('## Goal');
    const p = unwrap(await engine.handlers['prompt.send']({ session: session.id, text: 'read part 6' }));
    expect(await settled(engine, p.id)).toBe('completed');
    const lastText = JSON.stringify(chatBodies().at(-1)?.messages);
    expect(lastText).toContain('## Goal');
    expect(lastText).toContain('read part 1');
  });
});

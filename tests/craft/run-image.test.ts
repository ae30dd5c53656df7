// `paragents run --image FILE` sends the files with the prompt, and says in one sentence what is wrong with one.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp';
import { runCli } from '../helpers/cli';
import { useEngineFixture } from '../helpers/engine-fixture';
import { chatBodies } from '../helpers/chat-bodies';
import { pngImage } from '../helpers/png';

const fx = useEngineFixture({ scope: 'file', script: { rules: [{ when: 'describe', steps: [{ content: 'two squares' }] }] } });

type Part = { type: string; text?: string; image_url?: { url: string } };
type Msg = { role: string; content: string | Part[] };
const vision = () => ({ providers: [{ name: 'eyes', baseURL: fx.server.url, model: 'gpt-4o', apiKey: 'k' }], defaultProvider: 'eyes' });

describe('paragents run --image', () => {
  it('sends each image with the prompt as an image_url part, in the order given', async () => {
    const dir = tempDir();
    const a = pngImage(2, 2);
    const b = pngImage(4, 1);
    writeFileSync(join(dir, 'a.png'), a);
    writeFileSync(join(dir, 'b.png'), b);
    const before = chatBodies(fx.server).length;
    const r = await runCli(['run', '--workspace', tempDir(), '--prompt', 'describe these', '--image', join(dir, 'a.png'), '--image', join(dir, 'b.png')], { home: fx.home(vision()) });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const user = chatBodies<Msg>(fx.server).slice(before)[0]!.messages.find((m) => m.role === 'user')!;
    expect(user.content).toEqual([
      { type: 'text', text: 'describe these' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${a.toString('base64')}` } },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${b.toString('base64')}` } },
    ]);
  });

  it('refuses a missing file, a file that is not an image, and a model that cannot see, in one sentence each', async () => {
    const dir = tempDir();
    const missing = join(dir, 'nope.png');
    const r1 = await runCli(['run', '--workspace', tempDir(), '--prompt', 'describe', '--image', missing], { home: fx.home(vision()) });
    expect(r1.code).toBe(2);
    expect(r1.stderr.trim()).toBe(`paragents run: cannot read ${missing}: ENOENT`);

    writeFileSync(join(dir, 'notes.txt'), 'just text\n');
    const r2 = await runCli(['run', '--workspace', tempDir(), '--prompt', 'describe', '--image', join(dir, 'notes.txt')], { home: fx.home(vision()) });
    expect(r2.code).toBe(2);
    expect(r2.stderr.trim().split('\n')).toHaveLength(1);
    expect(r2.stderr).toMatch(/notes\.txt/);

    writeFileSync(join(dir, 'a.png'), pngImage(1, 1));
    const r3 = await runCli(['run', '--workspace', tempDir(), '--prompt', 'describe', '--image', join(dir, 'a.png')], { home: fx.home() });
    expect(r3.code).toBe(2);
    expect(r3.stderr.trim()).toBe('paragents run: the model scripted-model of provider "scripted" cannot see images; set "vision": true in its config.json entry if it can, or pick a vision model with /model');
  });

  it('is refused beside --parallel, which takes its sessions from the file', async () => {
    const r = await runCli(['run', '--parallel', join(tempDir(), 'jobs.json'), '--image', 'a.png'], { home: fx.home() });
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('paragents run: --parallel FILE takes the sessions from the file; drop --workspace/--prompt/--session/--image');
  });
});

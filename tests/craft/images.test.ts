import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp';
import { recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { chatBodies } from '../helpers/chat-bodies';
import { pngImage } from '../helpers/png';
import { english } from '../../shared/i18n/message';
import { sniffImage } from '../../main/core/images/sniff';
import { createTokenCounters } from '../../main/core/context/tokens';

const fx = useEngineFixture();

type Part = { type: string; text?: string; image_url?: { url: string } };
type Msg = { role: string; content: string | Part[] };
const vision = (more: Record<string, unknown> = {}) => ({ providers: [{ name: 'eyes', baseURL: fx.server.url, model: 'gpt-4o', apiKey: 'k', ...more }], defaultProvider: 'eyes' });

describe('images in prompts', () => {
  it('reach a vision model as image_url parts, kept once in the data folder', async () => {
    fx.server.setScript({ rules: [{ when: 'look', steps: [{ content: 'a red square' }] }] });
    const home = fx.home(vision());
    const engine = await fx.open({ home });
    const png = pngImage(3, 2);
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
    const image = { name: 'shot.png', data: png.toString('base64') };
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'look at this', images: [image] }));
    expect(await settled(engine, p.id)).toBe('completed');

    const user = chatBodies<Msg>(fx.server)[0]!.messages.find((m) => m.role === 'user')!;
    expect(user.content).toEqual([
      { type: 'text', text: 'look at this' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } },
    ]);
    const hash = createHash('sha256').update(png).digest('hex');
    expect(readFileSync(join(home, 'images', hash))).toEqual(png);

    // The same image again (as a data URL, as a clipboard gives it) is kept once.
    const again = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'look again', images: [{ name: 'copy.png', data: `data:image/png;base64,${png.toString('base64')}` }] }));
    expect(await settled(engine, again.id)).toBe('completed');
    expect(readdirSync(join(home, 'images'))).toEqual([hash]);
    // The earlier prompt's image is still in the view: the next request sends both.
    const second = chatBodies<Msg>(fx.server)[1]!.messages.filter((m) => m.role === 'user');
    expect(second.map((m) => Array.isArray(m.content) && m.content.filter((c) => c.type === 'image_url').length)).toEqual([1, 1]);
    // The transcript keeps the reference, not the bytes; the prompt's summary names its image.
    const detail = unwrap(await engine.handlers['session.get']({ session: s.id }));
    expect(detail.prompts[0]?.images).toEqual([{ hash, mime: 'image/png', name: 'shot.png', bytes: png.length, width: 3, height: 2 }]);
  });

  it('are refused in one sentence for a model that cannot see, and nothing is queued', async () => {
    fx.server.setScript({ rules: [] });
    const engine = await fx.open();
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
    const r = await engine.handlers['prompt.send']({ session: s.id, text: 'look', images: [{ name: 'shot.png', data: pngImage(1, 1).toString('base64') }] });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(english(r.error.msg!)).toBe('the model scripted-model of provider "scripted" cannot see images; set "vision": true in its config.json entry if it can, or pick a vision model with /model');
    }
    expect(unwrap(await engine.handlers['session.get']({ session: s.id })).prompts).toHaveLength(0);
    const notImage = await engine.handlers['prompt.send']({ session: s.id, text: 'x', images: [{ name: 'notes.txt', data: Buffer.from('hello').toString('base64') }] });
    expect(notImage.ok).toBe(false);
  });

  it('are sent to a model marked vision: true in config.json, and a wrong file is refused naming it', async () => {
    fx.server.setScript({ rules: [{ when: 'see', steps: [{ content: 'ok' }] }] });
    const engine = await fx.open({ home: fx.home({ providers: [{ name: 'local', baseURL: fx.server.url, model: 'my-finetune', apiKey: 'k', vision: true }], defaultProvider: 'local' }) });
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
    const bad = await engine.handlers['prompt.send']({ session: s.id, text: 'see', images: [{ name: 'notes.txt', data: Buffer.from('hello').toString('base64') }] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(english(bad.error.msg!)).toBe('notes.txt is not a PNG, JPEG, GIF or WebP image');
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'see', images: [{ name: 'a.png', data: pngImage(2, 2).toString('base64') }] }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(JSON.stringify(chatBodies(fx.server)[0])).toContain('data:image/png;base64,');
  });
});

describe('Read of an image', () => {
  it('shows a vision model the picture after the tool results, and tells another model it cannot see it', async () => {
    fx.server.setScript({ rules: [{ when: 'open the screenshot', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'ui.png' } }] }, { content: 'seen' }] }] });
    const ws = tempDir();
    const png = pngImage(40, 30);
    writeFileSync(join(ws, 'ui.png'), png);
    const engine = await fx.open({ home: fx.home(vision()) });
    const live = recordEvents(engine);
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'open the screenshot' }));
    expect(await settled(engine, p.id)).toBe('completed');
    const result = live.find((e) => e.type === 'tool_result');
    expect(result?.type === 'tool_result' && result.output).toMatch(/^Image ui\.png \(image\/png, 40×30, 1 KiB\), shown to you below\.$/);
    const messages = chatBodies<Msg>(fx.server)[1]!.messages;
    const toolAt = messages.findIndex((m) => m.role === 'tool');
    expect(messages[toolAt + 1]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'The images from the tool results above:' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } }],
    });
  });

  it('refuses in one sentence for a model that cannot see', async () => {
    fx.server.setScript({ rules: [{ when: 'open it', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'ui.png' } }] }, { content: 'ok' }] }] });
    const ws = tempDir();
    writeFileSync(join(ws, 'ui.png'), pngImage(4, 4));
    const engine = await fx.open();
    const live = recordEvents(engine);
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'open it' }));
    expect(await settled(engine, p.id)).toBe('completed');
    const result = live.find((e) => e.type === 'tool_result');
    expect(result?.type === 'tool_result' && result.error).toBe('ui.png is an image, and this model cannot see images; describe what you need from it to the person instead.');
  });
});

describe('image facts', () => {
  it('reads the format and size of real PNG files, and counts an image in the context meter', () => {
    expect(sniffImage(pngImage(1280, 720))).toEqual({ mime: 'image/png', width: 1280, height: 720 });
    expect(sniffImage(Buffer.from('GIF89a\x10\x00\x08\x00', 'latin1'))).toEqual({ mime: 'image/gif', width: 16, height: 8 });
    expect(sniffImage(Buffer.from('plain text here'))).toBeNull();
    const counter = createTokenCounters().forModel('gpt-4o');
    const ref = { hash: 'a'.repeat(64), mime: 'image/png' as const, name: 'x.png', bytes: 10, width: 1024, height: 1024 };
    const plain = counter.countMessage({ role: 'user', content: 'look' });
    expect(counter.countMessage({ role: 'user', content: 'look', images: [ref] }) - plain).toBe(765);
  });
});

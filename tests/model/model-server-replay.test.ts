// The scripted server's replay step: a recorded stream goes out byte for byte.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useEngineFixture } from '../helpers/engine-fixture';
import { streamPath } from './stream-corpus';

const fx = useEngineFixture();

const post = (body: unknown) =>
  fetch(`${fx.server.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('scripted model server replay', () => {
  it('answers a streaming request with the recorded bytes, comment lines and all', async () => {
    const file = streamPath('openrouter-reasoning-details.sse');
    fx.server.setScript({ rules: [{ when: 'go', steps: [{ replay: file }, { content: 'after the replay' }] }] });
    const res = await post({ model: 'm', stream: true, messages: [{ role: 'user', content: 'go' }] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(file))).toBe(true);
    // The next step of the rule is generated as usual.
    const next = await post({ model: 'm', messages: [{ role: 'user', content: 'go' }, { role: 'assistant', content: 'x' }] });
    expect(await next.json()).toMatchObject({ choices: [{ message: { content: 'after the replay' } }] });
  });

  it('refuses a non-streaming request for a recorded stream with a 400 naming the file', async () => {
    const file = streamPath('openai-text.sse');
    fx.server.setScript({ rules: [{ when: 'go', steps: [{ replay: file }] }] });
    const res = await post({ model: 'm', messages: [{ role: 'user', content: 'go' }] });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('openai-text.sse');
  });
});

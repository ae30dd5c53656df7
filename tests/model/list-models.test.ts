import { describe, expect, it } from 'vitest';
import { useEngineFixture } from '../helpers/engine-fixture';
import { listModels } from '../../main/core/model/list-models';
import { closedPort } from './helpers';

const fx = useEngineFixture({ script: { models: ['zeta', 'alpha'], rules: [] } });

describe('listModels', () => {
  it('lists the model ids of an endpoint, sending the key when given', async () => {
    const result = await listModels(fx.server.url, 'sk-x');
    expect(result).toEqual({ ok: true, value: { models: ['alpha', 'zeta'], latencyMs: expect.any(Number) } });
    expect(fx.server.requests[0]?.headers.authorization).toBe('Bearer sk-x');
  });

  it('returns an error value naming the URL when nothing listens', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}/v1`;
    expect(await listModels(dead)).toEqual({
      ok: false,
      error: {
        kind: 'model',
        message: `${dead}: connection refused`,
        msg: { key: 'engineErrors.model.listFailed', vars: { url: dead, why: { key: 'engineErrors.model.unreachable.refused' } } },
      },
    });
  });

  it('returns an error value for a wrong path', async () => {
    const result = await listModels(fx.server.url.replace(/\/v1$/, '/nope'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/not found \(404/);
  });
});

import { expect, it } from 'vitest';
import { sanitiseInputSchema } from '../../main/core/mcp';
import { modelToolName } from '../../main/core/mcp/tool-names';

it('removes the keywords some providers reject and keeps what they read', () => {
  const out = sanitiseInputSchema({
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    additionalProperties: false,
    properties: {
      url: { type: 'string', format: 'uri', description: 'Where to go' },
      count: { type: 'integer', default: 3, minimum: 1 },
      mode: { const: 'fast' },
      choice: { oneOf: [{ type: 'string' }, { type: 'number' }] },
      tags: { type: 'array', items: { type: 'string', examples: ['a'] } },
      meta: { type: 'object', patternProperties: { '^x-': { type: 'string' } } },
    },
    required: ['url', 'ghost'],
  });
  expect(out).toEqual({
    type: 'object',
    properties: {
      url: { type: 'string', description: 'Where to go. Format: uri.' },
      count: { type: 'integer', minimum: 1, description: 'Default: 3.' },
      mode: { enum: ['fast'] },
      choice: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      tags: { type: 'array', items: { type: 'string' } },
      meta: { type: 'object' },
    },
    required: ['url'],
  });
});

it('inlines local $refs (a recursive one becomes an empty schema) and drops the definitions', () => {
  const out = sanitiseInputSchema({
    type: 'object',
    $defs: { Node: { type: 'object', properties: { child: { $ref: '#/$defs/Node' }, name: { type: 'string' } } } },
    definitions: { Id: { type: 'string', description: 'An id' } },
    properties: { root: { $ref: '#/$defs/Node' }, id: { $ref: '#/definitions/Id' }, far: { $ref: 'https://example.com/x.json' } },
  });
  expect(out).toEqual({
    type: 'object',
    properties: {
      root: { type: 'object', properties: { child: {}, name: { type: 'string' } } },
      id: { type: 'string', description: 'An id' },
      far: {},
    },
  });
});

it('makes the root an object: a root anyOf/oneOf of objects is merged, allOf parts joined', () => {
  expect(
    sanitiseInputSchema({
      oneOf: [
        { type: 'object', properties: { path: { type: 'string' }, depth: { type: 'number' } }, required: ['path', 'depth'] },
        { type: 'object', properties: { path: { type: 'string' }, url: { type: 'string' } }, required: ['path', 'url'] },
      ],
    }),
  ).toEqual({ type: 'object', properties: { path: { type: 'string' }, depth: { type: 'number' }, url: { type: 'string' } }, required: ['path'] });
  expect(
    sanitiseInputSchema({
      type: 'object',
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        { type: 'object', properties: { b: { type: 'string' } }, required: ['b'] },
      ],
    }),
  ).toEqual({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a', 'b'] });
  expect(sanitiseInputSchema(undefined)).toEqual({ type: 'object', properties: {} });
  expect(sanitiseInputSchema(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}'))).toEqual({ type: 'object', properties: {} });
});

it('names tools mcp__<server>__<tool> with characters providers refuse turned into _', () => {
  expect(modelToolName('github', 'get_issue')).toBe('mcp__github__get_issue');
  expect(modelToolName('fs', 'files.read/all')).toBe('mcp__fs__files_read_all');
});

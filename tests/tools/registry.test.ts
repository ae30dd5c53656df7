import { describe, expect, it } from 'vitest';
import { ToolName } from '../../shared/tools';
import { builtinTools, parseToolCall, toolSpecs } from '../../main/core/tools/registry';

function errorMessage(name: string, args: string): string {
  const r = parseToolCall(name, args);
  if (r.ok) throw new Error('expected an error');
  return r.error.message;
}

describe('builtinTools', () => {
  it('has one definition per tool name, keyed by its own name', () => {
    expect(Object.keys(builtinTools).sort()).toEqual([...ToolName.options].sort());
    for (const [name, tool] of Object.entries(builtinTools)) expect(tool.name).toBe(name);
  });
});

describe('toolSpecs', () => {
  it('builds OpenAI function specs from the zod schemas without $schema or int-range noise', () => {
    const specs = toolSpecs();
    expect(specs.map((s) => s.function.name)).toEqual(ToolName.options);
    const edit = specs.find((s) => s.function.name === 'Edit');
    expect(edit?.type).toBe('function');
    expect(edit?.function.parameters).toMatchObject({
      type: 'object',
      required: ['path', 'old_string', 'new_string'],
      properties: { replace_all: { type: 'boolean' } },
    });
    const text = JSON.stringify(specs);
    expect(text).not.toContain('$schema');
    expect(text).not.toContain('9007199254740991');
    expect(JSON.stringify(toolSpecs(['Read']))).toContain('"minimum":0');
  });

  it('returns only the requested tools, in order', () => {
    expect(toolSpecs(['Grep', 'Read']).map((s) => s.function.name)).toEqual(['Grep', 'Read']);
    expect(toolSpecs([])).toEqual([]);
  });
});

describe('parseToolCall', () => {
  it('returns the tool and parsed input', () => {
    const r = parseToolCall('Edit', '{"path":"a.ts","old_string":"x","new_string":"y","extra":1}');
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.tool).toBe(builtinTools.Edit);
      expect(r.value.input).toEqual({ path: 'a.ts', old_string: 'x', new_string: 'y' });
    }
  });

  it('treats empty arguments as {}', () => {
    const r = parseToolCall('LS', '');
    expect(r.ok && r.value.input).toEqual({});
    expect(errorMessage('Read', '  ')).toBe('Read: "path" is required');
  });

  it('lists the valid names for an unknown tool', () => {
    const r = parseToolCall('rm', '{}');
    expect(!r.ok && r.error.kind).toBe('not_found');
    expect(errorMessage('rm', '{}')).toBe('Unknown tool "rm". Valid tools are: Read, Write, Edit, LS, Glob, Grep, Bash, WebFetch, Agent, Plan, MultiEdit, apply_patch.');
    expect(errorMessage('read', '{}')).toMatch(/^Unknown tool "read"/);
  });

  it('says when the arguments are not JSON and shows their start', () => {
    const message = errorMessage('Bash', `{command: ls ${'x'.repeat(500)}`);
    expect(message).toMatch(/^The arguments for Bash are not valid JSON \(.+\)\. Send one JSON object; received: "\{command: ls x+…"$/);
    expect(message.length).toBeLessThan(400);
  });

  it('requires a JSON object', () => {
    expect(errorMessage('Read', '[1,2]')).toBe('The arguments for Read must be a JSON object, but received an array.');
    expect(errorMessage('Read', '"a.ts"')).toBe('The arguments for Read must be a JSON object, but received a string.');
    expect(errorMessage('Read', 'null')).toBe('The arguments for Read must be a JSON object, but received null.');
  });

  it('names each field path and problem', () => {
    expect(errorMessage('Edit', '{"path":"a"}')).toBe('Edit: "old_string" is required\nEdit: "new_string" is required');
    const message = errorMessage('Read', '{"path":"a","offset":-1,"limit":1.5}');
    expect(message).toMatch(/^Read: "offset": .*>=0/m);
    expect(message).toMatch(/^Read: "limit": .*int/m);
    expect(errorMessage('Bash', '{"command":42}')).toMatch(/^Bash: "command": .*expected string/);
    expect(errorMessage('Write', '{"path":"","content":"x"}')).toMatch(/^Write: "path": /);
  });
});

/**
 * An MCP tool's input schema made acceptable to every provider the engine talks to. Servers write full JSON
 * Schema; OpenAI refuses a root that is not `type: "object"` (a root `anyOf`/`oneOf`), Gemini's OpenAI-compatible
 * endpoint refuses `$schema`, `$ref`/`$defs`, `additionalProperties`, `const`, most `format` values and
 * `default`, and several others refuse `oneOf`. The server still validates the arguments it receives, so
 * what is lost here is only a hint to the model:
 *
 * - removed: `$schema`, `$id`, `$comment`, `$anchor`, `examples`, `additionalProperties`, `patternProperties`,
 *   `propertyNames`, `unevaluatedProperties`, `unevaluatedItems`, `dependentRequired`, `dependentSchemas`,
 *   `dependencies`, `if`/`then`/`else`, `not`, `contentEncoding`, `contentMediaType`, `readOnly`, `writeOnly`,
 *   `deprecated`;
 * - `format` and `default` move into the description ("Format: uri.", "Default: 3.");
 * - `$ref` to `#/$defs/…` or `#/definitions/…` is inlined (a recursive one becomes an empty schema) and the
 *   definitions dropped; other `$ref`s become an empty schema;
 * - `oneOf` becomes `anyOf`; `const` becomes a one-value `enum`; `allOf` of object schemas is merged into one;
 * - the root becomes `{type: "object", properties, required}`: a root `anyOf`/`oneOf` of objects is merged
 *   (properties of every branch, required only what every branch requires).
 */

type Json = Record<string, unknown>;

const REMOVED = new Set([
  '$schema', '$id', '$comment', '$anchor', '$dynamicAnchor', '$dynamicRef', '$vocabulary', 'examples',
  'additionalProperties', 'patternProperties', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems',
  'dependentRequired', 'dependentSchemas', 'dependencies', 'if', 'then', 'else', 'not',
  'contentEncoding', 'contentMediaType', 'readOnly', 'writeOnly', 'deprecated', '$defs', 'definitions',
]);
const DANGEROUS_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Keywords whose value is a map of schemas by name. */
const SCHEMA_MAPS = new Set(['properties']);
/** Keywords whose value is one schema or an array of schemas. */
const SCHEMA_VALUES = new Set(['items', 'prefixItems', 'contains', 'anyOf', 'oneOf', 'allOf']);
const MAX_DEPTH = 24;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function note(description: unknown, extra: string): string {
  const base = typeof description === 'string' ? description.trim() : '';
  if (base === '') return extra;
  return `${base}${/[.!?]$/.test(base) ? '' : '.'} ${extra}`;
}

function shortJson(v: unknown): string {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

class Sanitiser {
  constructor(private readonly defs: Json) {}

  private deref(ref: string, seen: ReadonlySet<string>, depth: number): Json {
    const m = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
    const target = m ? this.defs[decodeURIComponent(m[2] as string).replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
    if (!m || !isObject(target) || seen.has(ref)) return {};
    return this.schema(target, new Set([...seen, ref]), depth + 1);
  }

  schema(input: unknown, seen: ReadonlySet<string> = new Set(), depth = 0): Json {
    if (!isObject(input) || depth > MAX_DEPTH) return {};
    if (typeof input.$ref === 'string') {
      const target = this.deref(input.$ref, seen, depth);
      return typeof input.description === 'string' ? { ...target, description: input.description } : target;
    }
    let out: Json = {};
    for (const [key, value] of Object.entries(input)) {
      if (REMOVED.has(key) || DANGEROUS_KEYS.has(key) || key === '$ref') continue;
      if (key === 'format' || key === 'default') continue;
      if (key === 'const') {
        out.enum = [value];
        continue;
      }
      if (SCHEMA_MAPS.has(key) && isObject(value)) {
        const props: Json = {};
        for (const [name, sub] of Object.entries(value)) if (!DANGEROUS_KEYS.has(name)) props[name] = this.schema(sub, seen, depth + 1);
        out[key] = props;
        continue;
      }
      if (SCHEMA_VALUES.has(key)) {
        const target = key === 'oneOf' ? 'anyOf' : key;
        out[target] = Array.isArray(value) ? value.map((v) => this.schema(v, seen, depth + 1)) : this.schema(value, seen, depth + 1);
        continue;
      }
      out[key] = value;
    }
    if (typeof input.format === 'string') out.description = note(out.description, `Format: ${input.format}.`);
    if (input.default !== undefined) out.description = note(out.description, `Default: ${shortJson(input.default)}.`);
    if (Array.isArray(out.allOf) && out.allOf.every((s) => isObject(s) && (s.type === 'object' || isObject(s.properties)))) {
      const parts = out.allOf as Json[];
      delete out.allOf;
      out = mergeObjects([out, ...parts], 'all');
    }
    return out;
  }
}

/** One object schema from several: every property; `required` of all parts ('all') or only what each part requires ('common'). */
function mergeObjects(parts: Json[], required: 'all' | 'common'): Json {
  const properties: Json = {};
  const requiredLists: string[][] = [];
  const descriptions: string[] = [];
  for (const p of parts) {
    if (isObject(p.properties)) Object.assign(properties, p.properties);
    const req = Array.isArray(p.required) ? p.required.filter((r): r is string => typeof r === 'string') : [];
    if (isObject(p.properties) || req.length > 0) requiredLists.push(req);
    if (typeof p.description === 'string' && p.description !== '') descriptions.push(p.description);
  }
  const base = parts[0] ?? {};
  const out: Json = { ...base, type: 'object', properties };
  delete out.anyOf;
  delete out.oneOf;
  const names =
    required === 'all'
      ? [...new Set(requiredLists.flat())]
      : (requiredLists[0] ?? []).filter((r) => requiredLists.every((list) => list.includes(r)));
  if (names.length > 0) out.required = names.filter((n) => n in properties);
  else delete out.required;
  if (descriptions.length > 0) out.description = [...new Set(descriptions)].join(' ');
  return out;
}

/** The schema sent to the model for an MCP tool (see the file comment for what changes). */
export function sanitiseInputSchema(input: unknown): Json {
  const root = isObject(input) ? input : {};
  const defs: Json = { ...(isObject(root.definitions) ? root.definitions : {}), ...(isObject(root.$defs) ? root.$defs : {}) };
  let out = new Sanitiser(defs).schema(root);
  const branches = Array.isArray(out.anyOf) ? (out.anyOf as Json[]) : null;
  if (branches && branches.every((b) => b.type === 'object' || isObject(b.properties))) {
    out = mergeObjects([{ ...out, anyOf: undefined }, ...branches], 'common');
    out = Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
    // `required` of the root part applies besides each branch's common ones.
    const rootRequired = Array.isArray(root.required) ? root.required.filter((r): r is string => typeof r === 'string') : [];
    if (rootRequired.length > 0) out.required = [...new Set([...rootRequired, ...((out.required as string[] | undefined) ?? [])])];
  }
  delete out.anyOf;
  delete out.enum;
  out.type = 'object';
  if (!isObject(out.properties)) out.properties = {};
  if (Array.isArray(out.required)) {
    const props = out.properties as Json;
    out.required = (out.required as unknown[]).filter((r): r is string => typeof r === 'string' && r in props);
    if ((out.required as string[]).length === 0) delete out.required;
  }
  return out;
}

// Reading the engine's sentences out of its source, for the tests that require a template for each.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The .ts files below a folder. */
export function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/**
 * The texts a template literal's body can make: each `${…}` replaced by every value `samples` gives for its
 * expression (what the engine puts there, or both branches of a choice).
 */
export function expandTemplate(body: string, samples: (expr: string) => string[]): string[] {
  let out = [''];
  let rest = body;
  for (;;) {
    const i = rest.indexOf('${');
    if (i < 0) break;
    let depth = 0;
    let j = i + 2;
    for (; j < rest.length; j++) {
      if (rest[j] === '{') depth++;
      if (rest[j] === '}') {
        if (depth === 0) break;
        depth--;
      }
    }
    const head = rest.slice(0, i);
    const values = samples(rest.slice(i + 2, j).trim());
    out = out.flatMap((o) => values.map((v) => o + head + v));
    rest = rest.slice(j + 1);
  }
  return out.map((o) => o + rest);
}

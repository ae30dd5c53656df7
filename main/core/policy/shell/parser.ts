import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';

/** Path of the tree-sitter-bash grammar shipped in node_modules. */
function grammarPath(): string {
  const require = createRequire(import.meta.url);
  return require.resolve('tree-sitter-bash/tree-sitter-bash.wasm');
}

async function load(): Promise<Parser> {
  await Parser.init();
  const bash = await Language.load(grammarPath());
  const parser = new Parser();
  parser.setLanguage(bash);
  return parser;
}

/**
 * A bash parser loaded on first use and kept by its owner (a shell analyzer built in the composition root);
 * a failed load is tried again at the next use. Parsing itself is synchronous.
 */
export function createBashParserLoader(): () => Promise<Parser> {
  let loading: Promise<Parser> | null = null;
  return () => {
    if (!loading) {
      loading = load();
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };
}

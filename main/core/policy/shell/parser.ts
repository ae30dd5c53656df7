import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';

let loading: Promise<Parser> | null = null;

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

/** The one bash parser of the process, loaded on first use (parsing itself is synchronous). */
export function bashParser(): Promise<Parser> {
  if (!loading) {
    loading = load();
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

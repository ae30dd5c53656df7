import { inputField, oneLine as flatten } from '../../shared/call-input';

/*
 * One-line descriptions of a tool call for native surfaces (notifications, tray, dialogs), which show plain
 * text only. The input is whatever the model sent, so everything is coerced, flattened and shortened.
 */

const MAX = 100;

export const oneLine = (text: string, max = MAX): string => flatten(text, max);

const field = inputField;

/** "run `npm install`", "edit `src/a.ts`", "use Grep". */
export function describeCall(tool: string, input: unknown, max = MAX): string {
  const command = field(input, 'command');
  if (tool === 'Bash' && command !== null) return `run \`${oneLine(command, max)}\``;
  const path = field(input, 'path');
  const verbs: Readonly<Record<string, string>> = { Write: 'write', Edit: 'edit', Read: 'read', LS: 'list' };
  const verb = verbs[tool];
  if (verb !== undefined && path !== null) return `${verb} \`${oneLine(path, max)}\``;
  const pattern = field(input, 'pattern');
  if ((tool === 'Grep' || tool === 'Glob') && pattern !== null) return `search \`${oneLine(pattern, max)}\``;
  return `use ${oneLine(tool, 40)}`;
}

export const sessionLabel = (name: string | null, ref: string): string => oneLine(name ?? ref, 40);

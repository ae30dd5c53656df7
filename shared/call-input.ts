/*
 * Reading a tool call's input for one-line descriptions (terminal, tray, notifications): the input is whatever the
 * model sent, so it is coerced, flattened and shortened.
 */

/** Flattened to one line and cut at `max` characters. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A non-empty string field of the input, else null. */
export function inputField(input: unknown, key: string): string | null {
  if (typeof input !== 'object' || input === null) return null;
  const value = (input as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

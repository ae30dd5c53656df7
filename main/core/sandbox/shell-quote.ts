/** Single-quotes a word for bash. */
export const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

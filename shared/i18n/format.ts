import type { Lang } from './lang';

/** A number as the language writes it (grouping, decimals): 12,345 / 12,345. */
export function formatNumber(lang: Lang, n: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(lang, options).format(n);
}

/** A time of day as the language writes it: "3:04 PM" / "15:04". */
export function formatTime(lang: Lang, at: string | number | Date): string {
  const d = at instanceof Date ? at : new Date(at);
  return new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit' }).format(d);
}

/** A date and time as the language writes it. */
export function formatDateTime(lang: Lang, at: string | number | Date): string {
  const d = at instanceof Date ? at : new Date(at);
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

import type { en } from './en';
import type { MessageKey } from './keys';
import type { Lang } from './lang';
import { translate } from './translate';

/**
 * A sentence for people as data: a catalog key and the values of its placeholders, chosen where the sentence is
 * written. A value may itself be a sentence (a reason inside a reason). Each client renders it in its own language
 * when it paints; the model, `--json` and the logs get its English rendering.
 */
export interface Msg {
  readonly key: MessageKey;
  readonly vars?: Readonly<Record<string, MsgValue>>;
}

/** What fills a placeholder: text kept as written (a path, what git said), a number, or another sentence. */
export type MsgValue = string | number | Msg;

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** The English text(s) of a dotted key; a plural key gives all its forms. */
type TextOf<T, K extends string> = K extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? TextOf<T[Head], Rest>
    : never
  : K extends keyof T
    ? T[K]
    : T[Extract<keyof T, `${K}_${PluralSuffix}`>];

type Trim<S extends string> = S extends ` ${infer R}` ? Trim<R> : S extends `${infer R} ` ? Trim<R> : S;

/** The placeholder names of a text: `{{name}}` and `{{name, number}}`. */
type Placeholders<S> = S extends `${string}{{${infer P}}}${infer Rest}`
  ? (P extends `${infer Name},${string}` ? Trim<Name> : Trim<P>) | Placeholders<Rest>
  : never;

/** True for a key whose text has plural forms (`key_one`, `key_other`), even when no form shows the count. */
type IsPlural<T, K extends string> = K extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? IsPlural<T[Head], Rest>
    : false
  : K extends keyof T
    ? false
    : true;

/**
 * The values a key's message takes: exactly its placeholders, and `count` for a plural key; `count` (which picks
 * the plural form) is a number.
 */
export type VarsOf<K extends MessageKey> = {
  readonly [P in Placeholders<TextOf<typeof en, K>> | (IsPlural<typeof en, K> extends true ? 'count' : never)]: P extends 'count' ? number : MsgValue;
};

/**
 * Builds a sentence: `msg('reasons.deniedBy', { what, rule })`. A missing or an extra value is a type error; a
 * message without placeholders takes none.
 */
export function msg<K extends MessageKey>(key: K, ...vars: [keyof VarsOf<K>] extends [never] ? [] : [VarsOf<K>]): Msg {
  const values = vars[0] as Readonly<Record<string, MsgValue>> | undefined;
  return values === undefined ? { key } : { key, vars: values };
}

/** True for a value that is a sentence of its own, to be rendered in the same language. */
export function isMsg(value: unknown): value is Msg {
  return typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string';
}

/** A sentence in a language, its inner sentences rendered first; plurals chosen by `count`. */
export function render(lang: Lang, m: Msg): string {
  if (!m.vars) return translate(lang, m.key);
  const flat: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(m.vars)) flat[name] = isMsg(value) ? render(lang, value) : value;
  return translate(lang, m.key, flat);
}

/** The English sentence: what the model, `--json` and the logs read. */
export function english(m: Msg): string {
  return render('en', m);
}

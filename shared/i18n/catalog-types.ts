/** A catalog: nested groups of messages. Plural messages are keys ending in `_one`, `_other` (i18next's form). */
export interface Catalog {
  readonly [key: string]: string | Catalog;
}

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type StripPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** Every message key of a catalog as a dotted path (`approval.allowOnce`), plural forms folded into their base. */
export type KeyOf<T> = {
  [K in keyof T & string]: T[K] extends string ? StripPlural<K> : `${K}.${KeyOf<T[K]>}`;
}[keyof T & string];

/**
 * What another language's catalog must hold, given the English one: every message (plural forms other than
 * `_other` optional, since a language may have fewer forms, as Chinese has one).
 */
export type CatalogLike<T> = {
  [K in keyof T as K extends `${string}_${Exclude<PluralSuffix, 'other'>}` ? never : K]: T[K] extends string ? string : CatalogLike<T[K]>;
} & {
  [K in keyof T as K extends `${string}_${Exclude<PluralSuffix, 'other'>}` ? K : never]?: string;
};

/** Values put into a message: `{{name}}`; `count` also chooses the plural form. */
export type MessageVars = Readonly<Record<string, string | number>>;

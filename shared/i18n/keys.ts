import type { KeyOf } from './catalog-types';
import type { en } from './en';

/** Every message key, from the English catalog (the reference every other catalog is checked against). */
export type MessageKey = KeyOf<typeof en>;

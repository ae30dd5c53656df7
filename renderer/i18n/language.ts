import { LANGS, pickLang, type Lang } from '../../shared/i18n';

/** What the person chose in the settings: a language, or follow the system. Kept in this browser's localStorage. */
export type LangChoice = Lang | 'system';

const STORAGE_KEY = 'paragents.lang';

export function storedChoice(): LangChoice {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    return raw && (LANGS as readonly string[]).includes(raw) ? (raw as Lang) : 'system';
  } catch {
    return 'system';
  }
}

export function storeChoice(choice: LangChoice): void {
  try {
    if (choice === 'system') globalThis.localStorage?.removeItem(STORAGE_KEY);
    else globalThis.localStorage?.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode, quota): the choice lasts until the page reloads.
  }
}

/**
 * The system's language: `?lang=` on the page's address (the desktop app puts Electron's locale there, the
 * browser host PARAGENTS_LANG), else the browser's own languages.
 */
export function systemLang(loc: Pick<Location, 'search'> | undefined = globalThis.location, nav: Pick<Navigator, 'language' | 'languages'> | undefined = globalThis.navigator): Lang {
  let fromUrl: string | null = null;
  try {
    fromUrl = loc ? new URLSearchParams(loc.search).get('lang') : null;
  } catch {
    fromUrl = null;
  }
  return pickLang(fromUrl, ...(nav?.languages ?? []), nav?.language);
}

export const langOf = (choice: LangChoice): Lang => (choice === 'system' ? systemLang() : choice);

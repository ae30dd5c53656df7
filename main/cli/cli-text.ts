import { formatDateTime, formatNumber, shownError, translator, type Lang, type Msg, type Translator } from '../../shared/i18n';
import type { PermissionMode } from '../../shared/policy';
import type { ModeSource } from '../../shared/session-mode';
import type { CliIo } from './io';
import { cliLang } from './lang';

/**
 * The language of a command's human-readable lines (PARAGENTS_LANG, config.json's `language`, the locale; see
 * cliLang). `--json` output and event names stay English whatever it is.
 */
export interface CliText {
  lang: Lang;
  t: Translator;
}

// Chosen once per command: every part of it that prints (the command, the engine link, the prompt driver) is
// handed the same io, so config.json is read, and a wrong language in it said, once.
const chosen = new WeakMap<object, CliText>();

export function cliText(io: Pick<CliIo, 'env' | 'home' | 'stderr'>): CliText {
  let text = chosen.get(io);
  if (!text) {
    const lang = cliLang(io);
    chosen.set(io, (text = { lang, t: translator(lang) }));
  }
  return text;
}

/**
 * Node's `parseArgs` failure in the command's language. English keeps Node's own sentence (scripts and tests
 * read it); other languages get the option or argument Node names, in a sentence of the catalog.
 */
export function parseArgsMessage({ lang, t }: CliText, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return lang === 'en' ? message : catalogParseMessage(t, error);
}

/** Node's `parseArgs` failure as a sentence of the catalog, naming the option or argument Node names. */
export function catalogParseMessage(t: Translator, error: unknown): string {
  const e = error as Error & { code?: string };
  const message = e instanceof Error ? e.message : String(error);
  const named = /'([^']+)'/.exec(message)?.[1] ?? '';
  switch (e.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return t('cliErrors.parse.unknownOption', { option: named });
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return t('cliErrors.parse.unexpectedArgument', { argument: named });
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /does not take an argument/.test(message)
        ? t('cliErrors.parse.noValue', { option: named })
        : t('cliErrors.parse.needsValue', { option: named.replace(/ <value>$/, '') });
    default:
      return message;
  }
}

/** "acceptEdits (from user settings)" in the command's language. */
export const modeWords = (t: Translator, mode: PermissionMode, source: ModeSource): string =>
  t('mode.text', { mode, source: t(`mode.source.${source}`) });

/**
 * A count as the language writes it. English keeps the plain digits the commands have always printed (scripts
 * read them); other languages group them as Intl does.
 */
export const countText = ({ lang }: CliText, n: number): string => (lang === 'en' ? String(n) : formatNumber(lang, n));

/** A stored time (ISO) as the language writes a date and time; English keeps the ISO text it always printed. */
export const timeText = ({ lang }: CliText, iso: string): string => (lang === 'en' || Number.isNaN(Date.parse(iso)) ? iso : formatDateTime(lang, iso));

/**
 * A sentence the engine wrote (a refused request, a missing session), in the command's language where a template
 * of shared/i18n knows it (as the panel shows it), else as the engine wrote it.
 */
/** An engine error in the command's language: rendered from its `Msg` when it has one. */
export const engineError = (io: Pick<CliIo, 'env' | 'home' | 'stderr'>, error: { message: string; msg?: Msg }): string => shownError(cliText(io).lang, error);

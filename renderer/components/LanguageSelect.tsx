import { useId, useState } from 'react';
import { LANG_NAMES, LANGUAGE_SETTINGS, shownError, shownText } from '../../shared/i18n';
import type { AppError } from '../../shared/result';
import { chooseLanguage, systemLang, useLang, useLanguageView, useT, type LangChoice } from '../i18n';
import { usePanel } from '../store/use-panel';
import '../styles/language.css';

/**
 * "Language": follow the system, English or 简体中文. Switches the panel at once and saves config.json's
 * `language` through the engine, so the desktop app and every browser start in it.
 */
export function LanguageSelect() {
  const t = useT();
  const id = useId();
  const api = usePanel((s) => s.api);
  const lang = useLang();
  const view = useLanguageView();
  const [error, setError] = useState<AppError | null>(null);
  const change = (value: string) => {
    const next = (LANGUAGE_SETTINGS as readonly string[]).includes(value) ? (value as LangChoice) : 'system';
    void chooseLanguage(api, next).then(setError);
  };
  // What is wrong is rendered from its Msg in the panel's language; a state sent without one shows its English.
  const problem =
    error !== null
      ? t('settings.languageNotSaved', { message: shownError(lang, error) })
      : view.problem !== null
        ? shownText(lang, view.problem, view.problemMsg)
        : null;
  return (
    <div className="language-select">
      <label htmlFor={id}>{t('settings.language')}</label>
      <select id={id} value={view.setting} onChange={(e) => change(e.target.value)}>
        {LANGUAGE_SETTINGS.map((l) =>
          l === 'system' ? (
            <option key={l} value={l}>
              {t('settings.languageSystem', { lang: LANG_NAMES[systemLang()] })}
            </option>
          ) : (
            <option key={l} value={l} lang={l}>
              {LANG_NAMES[l]}
            </option>
          ),
        )}
      </select>
      {view.override !== null && <p className="language-note">{t('settings.languageOverridden', { lang: LANG_NAMES[view.override] })}</p>}
      {problem !== null && (
        <p className="language-note" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

import { useId, useState } from 'react';
import { LANG_NAMES, LANGS } from '../../shared/i18n';
import { chooseLanguage, languageChoice, systemLang, useT, type LangChoice } from '../i18n';
import '../styles/language.css';

/** "Language": follow the system, English or 简体中文; switches the panel at once and is remembered in this browser. */
export function LanguageSelect() {
  const t = useT();
  const id = useId();
  const [choice, setChoice] = useState<LangChoice>(languageChoice);
  const change = (value: string) => {
    const next = value === 'system' || (LANGS as readonly string[]).includes(value) ? (value as LangChoice) : 'system';
    setChoice(next);
    void chooseLanguage(next);
  };
  return (
    <div className="language-select">
      <label htmlFor={id}>{t('settings.language')}</label>
      <select id={id} value={choice} onChange={(e) => change(e.target.value)}>
        <option value="system">{t('settings.languageSystem', { lang: LANG_NAMES[systemLang()] })}</option>
        {LANGS.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANG_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The panel's own settings (config.json's `language`). */
export const settings = {
  language: 'Language',
  languageSystem: 'System ({{lang}})',
  languageOverridden: 'PARAGENTS_LANG sets the language to {{lang}}; this setting applies without it.',
  languageNotSaved: 'The language could not be saved: {{message}}',
} as const;

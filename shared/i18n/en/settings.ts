/** The panel's own settings (kept in the browser). */
export const settings = {
  language: 'Language',
  languageSystem: 'System ({{lang}})',
};

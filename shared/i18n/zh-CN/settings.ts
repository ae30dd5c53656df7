import type { CatalogLike } from '../catalog-types';
import type { settings as en } from '../en/settings';

export const settings: CatalogLike<typeof en> = {
  language: '语言',
  languageSystem: '跟随系统（{{lang}}）',
  languageOverridden: 'PARAGENTS_LANG 已将语言设为 {{lang}}；未设置它时才使用此设置。',
  languageNotSaved: '无法保存语言设置：{{message}}',
};

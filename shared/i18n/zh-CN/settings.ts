import type { CatalogLike } from '../catalog-types';
import type { settings as en } from '../en/settings';

export const settings: CatalogLike<typeof en> = {
  language: '语言',
  languageSystem: '跟随系统（{{lang}}）',
};

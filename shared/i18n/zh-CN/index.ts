import type { CatalogLike } from '../catalog-types';
import type { en } from '../en';
import { common } from './common';
import { settings } from './settings';
import { status } from './status';

/** 简体中文: the same keys as the English catalog (checked by the compiler and tests/i18n/catalogs.test.ts). */
export const zhCN: CatalogLike<typeof en> = { common, settings, status };

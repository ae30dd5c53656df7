import type { CatalogLike } from '../catalog-types';
import type { common as en } from '../en/common';

export const common: CatalogLike<typeof en> = {
  close: '关闭',
  save: '保存',
  cancel: '取消',
  refresh: '刷新',
};

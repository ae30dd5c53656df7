import type { CatalogLike } from '../catalog-types';
import type { log as en } from '../en/log';

export const log: CatalogLike<typeof en> = {
  label: '命令输出',
  clear: '清除',
};

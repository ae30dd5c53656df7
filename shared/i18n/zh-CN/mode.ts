import type { CatalogLike } from '../catalog-types';
import type { mode as en } from '../en/mode';

export const mode: CatalogLike<typeof en> = {
  text: '{{mode}}（{{source}}）',
  source: {
    session: '为本会话选择',
    managed: '来自托管设置',
    local: '来自本地项目设置',
    project: '来自项目设置',
    user: '来自用户设置',
    default: '内置',
  },
  followSettings: '跟随设置',
};

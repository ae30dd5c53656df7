import type { CatalogLike } from '../catalog-types';
import type { policy as en } from '../en/policy';

export const policy: CatalogLike<typeof en> = {
  source: {
    managed: '托管设置',
    local: '本地项目设置',
    project: '项目设置',
    user: '用户设置',
    session: '本会话',
    mode: '权限模式',
    builtin: '内置默认规则',
    cli: '命令行',
    sandbox: '沙箱',
  },
  byRule: '由{{source}}中的 `{{rule}}` ',
  bySource: '由{{source}}',
  auto_approved: '{{by}}自动批准',
  needs_approval: '{{by}}要求审批',
  blocked: '{{by}}阻止',
};

import type { CatalogLike } from '../catalog-types';
import type { hooks as en } from '../en/hooks';

export const hooks: CatalogLike<typeof en> = {
  nav: 'Hook 管理',
  title: 'Hook 管理',
  workspace: '工作区',
  workspaceIs: '工作区：{{workspace}}',
  noWorkspace: '没有打开的会话：只列出用户级和托管的 hook。打开会话后，这里会显示其工作区的项目 hook。',
  none: '没有配置 hook。可在数据目录的 settings.json 或工作区的 .paragents/settings.json 中的 "hooks" 下添加。',
  untrusted: '此工作区未受信任：在信任它之前，其项目 hook 无论是否已批准都不会运行。',
  openPermissions: '打开权限',
  waiting_other: '{{count}} 个项目 hook 等待你的批准。',
  listLabel: '{{workspace}} 的 hook',
  listLabelUser: '用户级和托管的 hook',
  column: { event: '事件', matcher: '匹配器', command: '命令', source: '来源', state: '状态' },
  anyTool: '任意',
  timeout: '超时 {{seconds}} 秒',
  source: { managed: '托管', local: '项目本地', project: '项目', user: '用户' },
  standing: {
    active: '会运行',
    needs_approval: '等待你的批准',
    untrusted: '工作区未受信任',
    managed_only: '已停用：托管设置只允许其自身的 hook',
  },
  approve: '批准',
  withdraw: '撤销批准',
  confirmLabel: '批准 hook',
  confirmText: '这条命令会以你的权限在 {{workspace}} 中运行，每次匹配 {{event}} 时执行：',
  confirmFile: '定义于 {{file}}。命令一旦改动，需要重新批准。',
  confirm: '允许运行',
  cancel: '取消',
  problems: '设置问题',
};

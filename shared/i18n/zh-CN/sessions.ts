import type { CatalogLike } from '../catalog-types';
import type { sessions as en } from '../en/sessions';

export const sessions: CatalogLike<typeof en> = {
  list: '会话',
  unread: '未读',
  queued: '+{{count}} 排队',
  tokens: '{{tokens}} token',
  showInGrid: '在网格中显示',
  showRefInGrid: '在网格中显示 {{ref}}',
  collapseChildren: '折叠 {{name}} 的子会话',
  expandChildren: '展开 {{name}} 的子会话',
  children_other: '{{count}} 个子会话',
  childrenList: '{{name}} 的子会话',
  approvalsChip: '{{label}} ×{{count}}',
  layout: '布局',
  showSessions_other: '显示 {{count}} 个会话',
  hint: 'Alt+↑/↓ 切换会话 · / 输入命令',
  noSession: '没有会话',
  welcome: '在下方输入任务，即可在上次的工作区中开始一个会话；也可以点击“新建会话”。',
  tileLabel: '会话 {{ref}}',
  answerApprovals_other: '处理 {{count}} 个审批',
  you: '你',
};

import type { CatalogLike } from '../catalog-types';
import type { permissions as en } from '../en/permissions';

export const permissions: CatalogLike<typeof en> = {
  title: '权限',
  modes: '模式',
  modeOf: '{{ref}} 的模式',
  effectiveRulesFor: '生效的规则：',
  sessionForRules: '查看规则的会话',
  workspaceIs: '工作区 {{workspace}} {{trust}} · 模式 {{mode}}',
  trusted: '已受信任',
  notTrusted: '未受信任',
  stopTrusting: '取消信任此工作区',
  trust: '信任此工作区',
  untrustedNote: '在你信任此工作区之前，它自己的允许规则、模式和钩子都会被忽略；它的拒绝和询问规则已经生效。',
  rule: '规则',
  effect: '效果',
  source: '来源',
  effectName: { allow: '允许', deny: '拒绝', ask: '询问' },
  ineffectiveRules: '无效的规则',
  whyNothing: '为何不授予任何权限',
  file: '文件',
  settingsProblems: '设置问题',
  checkCall: '检查一次调用',
  tool: '工具',
  checkInput: '命令、路径或 JSON 输入',
  check: '检查',
  invalidJson: '输入不是有效的 JSON',
};

import type { CatalogLike } from '../catalog-types';
import type { compose as en } from '../en/compose';

export const compose: CatalogLike<typeof en> = {
  newSession: '新建会话',
  createSession: '创建会话',
  workspace: '工作区',
  workspacePlaceholder: '/项目/路径',
  workspaceRequired: '必须填写工作区',
  name: '名称',
  optional: '可选',
  mode: '模式',
  fromSettings: '跟随设置',
  firstMessage: '第一条消息',
  create: '创建',
  completions: '补全',
  prompt: '提示词',
  placeholderApproval: '输入 y / n 回答待处理的审批 · /help 查看命令',
  placeholderSession: '给这个会话发消息 · Enter 发送 · Shift+Enter 换行 · / 输入命令',
  placeholderNew: '描述一个任务来开始新会话 · / 输入命令',
  send: '发送',
};

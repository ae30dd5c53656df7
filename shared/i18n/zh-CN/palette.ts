import type { CatalogLike } from '../catalog-types';
import type { palette as en } from '../en/palette';

export const palette: CatalogLike<typeof en> = {
  dialog: '命令面板',
  search: '搜索',
  placeholder: '会话、命令（/），或任意会话历史中的词语',
  results: '结果',
  sessions: '会话',
  commands: '命令',
  messages: '消息',
  closed: '已关闭',
  reopen: '重新打开 {{title}}',
  searching: '搜索中…',
  nothing: '没有找到',
  hint: '↑↓ 选择 · Enter 打开 · Esc 关闭',
  kinds: { prompt: '提示词', answer: '回答', tool_input: '工具输入', tool_output: '工具输出' },
  menu: {
    label: '会话菜单',
    session: '会话 {{ref}}',
    export: '导出为 Markdown',
    fork: '分叉',
    showContext: '查看上下文',
    compact: '立即压缩',
    reopen: '重新打开',
    exportFailed: '导出失败：{{error}}',
    exported: '已将会话 {{ref}} 导出为 {{file}}',
  },
};

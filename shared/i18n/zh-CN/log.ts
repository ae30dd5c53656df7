import type { CatalogLike } from '../catalog-types';
import type { log as en } from '../en/log';

export const log: CatalogLike<typeof en> = {
  label: '命令输出',
  clear: '清除',
  failed: '{{what}}：{{error}}',
  historyFailed: '无法加载会话 {{ref}} 的历史：{{error}}',
  sessionsFailed: '无法加载会话列表：{{error}}',
  earlierFailed: '无法加载更早的消息：{{error}}',
  compacting: '正在压缩会话 {{ref}}{{focus}}…',
  focus: '（侧重：{{about}}）',
  nothingToCompact: '会话 {{ref}} 无需压缩：当前视图为 {{tokens}} token',
  compacted: '已压缩会话 {{ref}}：{{before}} → {{after}} token · {{pruned}}{{summary}}',
  summary: ' · 摘要 {{tokens}} token',
  noSummary: '未能生成摘要（{{error}}）；已改为裁剪旧的工具输出',
  openFailed: '无法打开会话 {{label}}：{{error}}',
  reopened: '已重新打开会话 {{ref}}',
  forked: '已将会话 {{from}} 分叉为 {{to}}：复制了 {{prompts}}和 {{messages}}{{left}}',
  forkedPrompts_other: '{{count}} 个已完成的提示词',
  forkedMessages_other: '{{count}} 条消息',
  forkedLeftOut_other: '；{{count}} 个未完成的提示词未复制',
};

import type { CatalogLike } from '../catalog-types';
import type { context as en } from '../en/context';

export const context: CatalogLike<typeof en> = {
  meterLabel: '上下文',
  meterText: '{{tokens}} / {{window}} token',
  meterTitle: '最近一次请求时模型视图中的 token 数，窗口为 {{window}} token；超过 {{percent}}% 时压缩',
  compacted: '上下文已压缩',
  compactedText: '上下文已压缩（{{reason}}）：{{figures}}',
  compactedTokens: '{{before}} → {{after}} token',
  prunedOutputs_other: '裁剪了 {{count}} 个工具输出',
  summaryTokens: '摘要 {{tokens}} token',
  reason: { auto: '自动', overflow: '溢出', manual: '手动' },
  noSummary: '无摘要：仅裁剪',
  summaryFailed: '摘要请求失败（{{error}}）；已改为裁剪旧的工具输出。',
};

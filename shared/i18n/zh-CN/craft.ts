import type { CatalogLike } from '../catalog-types';
import type { craft as en } from '../en/craft';

export const craft: CatalogLike<typeof en> = {
  plan: {
    title: '计划',
    progress: '{{done}}/{{total}}',
    progressLabel: '计划：已完成 {{done}}/{{total}} 步',
    status: { pending: '待办', in_progress: '进行中', completed: '已完成' },
    none: '没有计划',
  },
  effort: {
    label: '推理强度',
    fromConfig: '按提供方',
    level: { low: '低', medium: '中', high: '高' },
    provider: '提供方',
    providerDefault: '默认',
  },
  images: {
    attach: '附加图片',
    attachButton: '+ 图片',
    remove: '移除图片 {{name}}',
    attached_other: '已附加 {{count}} 张图片',
    tooLarge: '{{name}} 超过 {{max}} MB；请附加更小的图片。',
    notImage: '{{name}} 不是 PNG、JPEG、GIF 或 WebP 图片。',
    onlyWithPrompt: '图片随提示词发送：请输入要一起发送的提示词，或移除这些图片。',
    list: '已附加的图片',
    shown: '图片 {{name}}',
  },
};

import type { CatalogLike } from '../catalog-types';
import type { config as en } from '../en/config';

export const config: CatalogLike<typeof en> = {
  title: '配置',
  setUpProvider: '设置提供商',
  file: '文件',
  home: '主目录',
  defaultProvider: '默认提供商',
  fallback: '备用',
  concurrency: '并发数',
  maxSteps: '最大步数',
  compaction: '压缩',
  compactionText: '达到窗口的 {{threshold}} 时压缩，其中 {{share}} 留给你自己的提示词',
  percent: '{{n}}%',
  autoResume: '自动恢复',
  autoResumeNever: '从不',
  autoResumeWithin: '重启后 {{minutes}} 分钟内',
  none: '无',
  provider: '提供商',
  baseURL: 'Base URL',
  model: '模型',
  key: '密钥',
  contextWindow: '上下文窗口',
  maxOutput: '最大输出',
  keySet: '已设置（隐藏）',
  keyFromEnv: '来自 ${{name}}',
  windowSource: {
    config: '来自 config.json',
    endpoint: '来自端点的模型列表',
    table: '来自内置的模型系列表',
    default: '保守的默认值；可在 config.json 中为该提供商设置 contextWindow',
  },
};

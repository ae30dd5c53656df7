import type { CatalogLike } from '../catalog-types';
import type { setup as en } from '../en/setup';

export const setup: CatalogLike<typeof en> = {
  label: '设置',
  title: '设置模型',
  found: '发现 {{list}}，无需密钥。',
  foundItem: '{{preset}}（{{url}}）',
  provider: '提供商',
  name: '名称',
  baseURL: 'Base URL',
  apiKey: 'API 密钥',
  apiKeyLocal: '本地服务器不需要',
  apiKeyPlaceholder: '粘贴密钥，或使用下方的环境变量',
  keyVariable: '密钥环境变量',
  keyVariablePlaceholder: '例如 OPENAI_API_KEY',
  model: '模型',
  modelPlaceholder: '点击“测试连接”列出模型',
  testConnection: '测试连接',
  connected: '已连接，用时 {{ms}} ms：{{count}} 个模型',
  pickModel: '请选择模型（点击“测试连接”列出可用模型）',
  saved: '已将提供商 {{name}}（{{model}}）保存为默认',
  preset: {
    ollama: 'Ollama（本地）',
    lmstudio: 'LM Studio（本地）',
    vllm: 'vLLM',
    openai: 'OpenAI',
    openrouter: 'OpenRouter',
    deepseek: 'DeepSeek',
  },
};

import type { CatalogLike } from '../catalog-types';
import type { agents as en } from '../en/agents';

export const agents: CatalogLike<typeof en> = {
  nothingToIntegrate: '子会话 {{ref}} 没有等待合入的更改。',
  notAChild: '会话 {{ref}} 不是由 Agent 调用启动的，没有可合入的内容。',
};

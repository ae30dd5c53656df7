import type { CatalogLike } from '../catalog-types';
import type { app as en } from '../en/app';

export const app: CatalogLike<typeof en> = {
  engine: '引擎：{{state}}',
  connection: { connecting: '连接中', open: '已连接', closed: '已断开' },
  approvals: '审批',
  views: '视图',
  mcp: 'MCP',
  gateways: '网关',
  config: '配置',
  setup: '设置',
};

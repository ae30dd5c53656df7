import type { CatalogLike } from '../catalog-types';
import type { mcp as en } from '../en/mcp';

export const mcp: CatalogLike<typeof en> = {
  label: 'MCP 服务器',
  title: 'MCP',
  serverLabel: 'MCP 服务器 {{label}}',
  hint: { readOnly: '只读', destructive: '有破坏性', openWorld: '访问外部' },
  state: {
    stopped: '已停止',
    starting: '启动中',
    ready: '就绪',
    failed: '失败',
    pid: ' · pid {{pid}}',
    disabled: '已关闭',
    needs_approval: '等待你的批准',
    untrusted: '工作区未受信任',
    refused: '被托管设置拒绝',
    invalid: '配置无效',
    shadowed: '已忽略（与用户级服务器同名）',
  },
  scopeProject: '项目 · {{workspace}}',
  scopeUser: '用户',
  stderrLabel: '{{name}} 最近的 stderr 输出',
  approve: '批准这条命令行',
  restart: '重启',
  turnOff: '关闭',
  turnOn: '开启',
  tools_other: '{{count}} 个工具',
  usedBy: '使用者：',
  noSessionYet: '暂无会话',
  none: '没有 MCP 服务器：可在数据目录的 mcp.json 中的 "mcpServers" 下添加，或在工作区的 .mcp.json 中添加。',
  problems: '配置问题',
};

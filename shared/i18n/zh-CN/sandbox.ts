import type { CatalogLike } from '../catalog-types';
import type { sandbox as en } from '../en/sandbox';

export const sandbox: CatalogLike<typeof en> = {
  settings: {
    notObject: '{{key}} 必须是一个对象',
    unknownKey: '{{key}}：未知的键',
    notBoolean: '{{key}} 必须是 true 或 false',
    notStrings: '{{key}} 必须是由非空字符串组成的数组',
    notPaths: '{{key}} 必须是由路径组成的数组',
    badCommand: '{{key}}：{{problem}}',
    badDomain: '{{key}}：“{{value}}”不是主机名或主机模式（example.com、*.example.com、host:port）',
  },
  violation: '沙箱拒绝了{{what}}',
  kind: { write: '写入 {{target}}', read: '读取 {{target}}', network: '连接 {{target}}' },
  card: { refused_other: '沙箱拒绝 {{count}} 次', refusalsLabel: '被沙箱拒绝' },
  decision: {
    autoAllowed: '在沙箱中运行，沙箱将其限制在本会话的文件夹和允许的主机内',
    mustRun: '设置要求使用沙箱（sandbox.failIfUnavailable），但沙箱无法运行：{{reason}}',
    outsideRefused: '设置不允许在沙箱外运行命令（sandbox.allowUnsandboxedCommands 为 false）；请去掉 dangerouslyDisableSandbox 再运行',
    outside: '在沙箱外运行（dangerouslyDisableSandbox）；{{reason}}',
  },
  network: {
    notAllowed: '沙箱拒绝了该连接：该主机不在本会话的允许列表中',
  },
  unavailable: {
    notProbed: '引擎启动时未启用沙箱',
    platform: '沙箱尚不支持 {{platform}}：shell 命令按常规权限流程运行。',
    programs: '沙箱需要 {{programs}}，但本机没有：请用 `{{install}}` 安装。',
    cannotStart: '沙箱无法在此启动（bubblewrap 报告：{{error}}）；可能关闭了用户命名空间。',
  },
};

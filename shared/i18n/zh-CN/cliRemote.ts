import type { CatalogLike } from '../catalog-types';
import type { cliRemote as en } from '../en/cliRemote';

export const cliRemote: CatalogLike<typeof en> = {
  unknownSubcommand: '未知子命令“{{name}}”：请使用 add、list、remove 或 test',
  missingName: '请指定远程机器的名称：paragents remote {{sub}} NAME',
  extraArgument: '多余的参数“{{argument}}”：命令的写法是 {{synopsis}}',
  missingUrl: '请给出 {{name}} 的 SSH 地址：paragents remote add {{name}} ssh://[user@]host[:port]',
  badName: '“{{name}}”不能作为远程机器的名称：请使用 1 到 63 个字母、数字、点、下划线或连字符，并以字母或数字开头',
  localName: '“{{name}}”指的是本机，远程机器需要另一个名称',
  badUrl: '“{{url}}”不是 SSH 地址：请写成 ssh://[user@]host[:port]，端口为 1 到 65535',
  badSshOption: '--ssh-option “{{option}}”不是 KEY=VALUE 形式（KEY 为字母和数字，VALUE 不能为空且只占一行），例如 --ssh-option ServerAliveInterval=15',
  emptyValue: '{{flag}} 需要一个非空的值',
  added: '已添加远程机器 {{name}}（{{url}}）；可用 `paragents remote test {{name}}` 检查它',
  removed: '已删除远程机器 {{name}}',
  none: '还没有远程机器；可用 `paragents remote add NAME ssh://[user@]host[:port]` 添加一台',
  column: { name: '名称', url: '地址', dataDir: '数据文件夹', command: '命令', options: 'SSH 选项' },
  cell: { default: '（默认）', none: '（无）' },
  config: {
    exists: '已有名为 {{name}} 的远程机器（{{url}}）；请先用 `paragents remote remove {{name}}` 删除它',
    unknown: '没有名为 {{name}} 的远程机器；已知的有 {{names}}',
    unknownNone: '没有名为 {{name}} 的远程机器，也还没有配置任何远程机器；可用 `paragents remote add {{name}} ssh://[user@]host[:port]` 添加',
  },
};

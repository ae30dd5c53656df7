import type { CatalogLike } from '../catalog-types';
import type { machines as en } from '../en/machines';

export const machines: CatalogLike<typeof en> = {
  process: {
    stopRefused: '这个引擎随它的应用一起关闭：只有 `paragents engine --stdio` 启动的引擎会按请求停止',
    relativePath: 'fs.list：path：{{path}} 不是绝对路径',
    noFolder: '没有文件夹 {{path}}',
    notFolder: '{{path}} 不是文件夹',
    cannotList: '无法列出 {{path}}：{{error}}',
  },
  engine: {
    needStdio: 'paragents engine：请说明引擎的服务方式：--stdio（请求来自标准输入，回答和事件写到标准输出）',
    unknownOption: 'paragents engine：未知选项 {{option}}',
    needDataDir: 'paragents engine：--data-dir 需要一个文件夹',
    cannotStart: 'paragents engine：无法在 {{home}} 上启动引擎：{{error}}',
    cannotJoin: 'paragents engine：数据文件夹 {{home}} 被一个无法连接到其引擎的进程占用：{{error}}',
    served: 'paragents engine：在标准输入和输出上提供 {{home}} 的引擎（pid {{pid}}）',
    joined: 'paragents engine：{{home}} 的引擎已在运行（pid {{pid}}）；这个连接接入它',
    clientGone: 'paragents engine：连接已断开；引擎继续运行它的回合（pid {{pid}}）',
    stopping: 'paragents engine：正在停止',
  },
  hub: {
    notHeld: '未连接：只有桌面应用和 `paragents serve` 会保持与远程机器的连接',
    noHub: '只有桌面应用和 `paragents serve` 会连接远程机器：在这里请使用 `paragents remote test NAME`',
    notReached: '此引擎没有连接名为 {{name}} 的远程机器：请在“机器”中添加（或使用 `paragents remote add`）',
    unknown: '没有名为 {{name}} 的机器：现有机器为 {{names}}',
    localFixed: '“local”是本机：不能移除、测试或重新连接',
  },
  link: {
    cannotRunSsh: '无法运行 ssh（{{error}}）：请安装 OpenSSH 客户端',
    sshFailed: 'ssh 无法连接到 {{name}}：{{error}}',
    sshFailedNoMessage: 'ssh 无法连接到 {{name}}（退出状态 {{code}}）',
    notInstalled: '{{name}} 上没有安装 Paragents（那里找不到 `{{command}}`）：请在那里用 `npm install -g paragents` 安装，或用 `paragents remote add {{name}} URL --command CMD` 指定运行它的命令',
    contractMismatch: '{{name}} 运行的 Paragents {{version}} 使用契约版本 {{remote}}，而本机的 Paragents 使用版本 {{local}}：请在两台机器上安装相同的版本',
    notAnEngine: '{{name}} 的回答不像 Paragents 引擎：{{line}}',
    exitedEarly: '{{name}} 上的引擎命令在回答之前就结束了（退出状态 {{code}}）：{{error}}',
    timeout: '{{name}} 在 {{seconds}} 秒内没有回答',
    closedThere: '到 {{name}} 的连接已断开',
    closedHere: '到 {{name}} 的连接被本进程关闭',
    reachable: '{{name}} 可以连接：{{hostname}} 上的 Paragents {{version}}（契约 {{contract}}），数据文件夹 {{home}}',
    disconnected: '{{name}} 已断开连接：请求没有发送',
    needRemote: '--remote 需要一台远程机器的名字（见 `paragents remote list`）',
  },
};

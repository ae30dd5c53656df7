import type { CatalogLike } from '../catalog-types';
import type { machinePanel as en } from '../en/machinePanel';

export const machinePanel: CatalogLike<typeof en> = {
  title: '机器',
  nav: '机器',
  list: '机器',
  state: {
    connected: '已连接',
    connecting: '连接中',
    disconnected: '已断开',
  },
  host: '主机 {{hostname}}',
  version: 'Paragents {{version}} 版',
  test: '测试',
  testing: '正在测试 {{name}}…',
  reconnect: '重新连接',
  remove: '移除',
  removeConfirm: '移除 {{name}}？',
  removeHint: '它的引擎和那里的会话会继续运行；只是这个应用不再连接它。',
  add: {
    title: '添加机器',
    name: '名称',
    url: 'SSH 地址',
    urlPlaceholder: 'ssh://用户@主机:22',
    dataDir: '那台机器上的数据文件夹',
    command: '命令',
    sshOptions: 'SSH 选项',
    sshOptionsHint: '每行一个 KEY=VALUE',
    stopWhenAppCloses: '应用关闭时停止它的引擎',
    submit: '添加机器',
  },
  group: {
    heading: '{{name}} · {{state}}',
    disconnected: '{{name}} 已断开',
  },
  onMachine: '在 {{name}} 上',
  compose: {
    machine: '机器',
    disconnectedOption: '{{name}}（已断开）',
    browse: '浏览…',
  },
  picker: {
    label: '选择文件夹',
    folder: '文件夹',
    parent: '上级文件夹',
    use: '使用这个文件夹',
    truncated: '这个文件夹的条目比这里列出的更多。',
    empty: '这个文件夹是空的。',
    loading: '正在读取文件夹…',
  },
};

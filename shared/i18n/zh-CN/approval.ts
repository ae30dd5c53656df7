import type { CatalogLike } from '../catalog-types';
import type { approval as en } from '../en/approval';

export const approval: CatalogLike<typeof en> = {
  required: '需要审批',
  childOf: '{{parent}} › {{child}}',
  allowChildren: '对 {{parent}} 的所有子会话允许',
  session: '会话 {{ref}}',
  more: ' · 另有 {{count}} 项',
  conflictsWith: '与会话 {{other}} 在 {{paths}} 上冲突',
  anotherSession: '另一个会话',
  allowOnce: '允许一次',
  allowSession: '本会话内允许',
  allowAlways: '始终允许',
  deny: '拒绝',
  alwaysSaves: '“始终允许”会保存规则 ',
  denyMessageLabel: '拒绝时发给模型的消息',
  denyMessagePlaceholder: '可选：拒绝时发给模型的消息',
  hints: {
    readOnly: '只读',
    destructive: '有破坏性',
    idempotent: '幂等',
    openWorld: '会访问外部世界',
    nothing: '未说明其影响',
    serverSays: '服务器声明{{title}}：{{said}}（这是它自己的声明，未经核实）。',
    title: '（{{title}}）',
  },
  inbox: {
    label: '审批收件箱',
    title: '审批',
    hint: '↑/↓ 选择 · A 允许一次 · S 本会话内允许 · D 拒绝 · Enter 打开 · Esc 关闭',
    empty: '没有待处理的审批。',
    list: '待处理的审批',
    openSession: '打开会话',
  },
};

import type { CatalogLike } from '../catalog-types';
import type { transcript as en } from '../en/transcript';

export const transcript: CatalogLike<typeof en> = {
  diff: 'Diff',
  thinking: '思考中…',
  toolStatus: {
    running: '运行中',
    waiting_approval: '等待审批',
    blocked: '已阻止',
    denied: '已拒绝',
    cancelled: '已取消',
    done: '完成',
    error: '出错',
  },
  interrupted: {
    label: '被中断的轮次 {{ref}}',
    title: 'Paragents 停止时，这一轮被中断了',
    hint: '“继续”会从最后完成的一步接着执行；被打断的工具调用会告知模型，而不会重新执行。“丢弃”会取消这一轮。',
    resume: '继续',
    discard: '丢弃',
  },
  queue: {
    label: '排队的提示词',
    title: '排队中（{{count}}）',
    editLabel: '编辑排队的 {{ref}}',
    cancelLabel: '取消排队的 {{ref}}',
    edit: '编辑',
  },
  label: '对话记录',
  mode: '模式',
  reopenSession: '重新打开会话',
  closeSession: '关闭会话',
  loading: '正在加载消息…',
  loadingEarlier: '正在加载更早的消息…',
  showEarlier: '显示更早的消息',
};

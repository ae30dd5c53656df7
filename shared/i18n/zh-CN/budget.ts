import type { CatalogLike } from '../catalog-types';
import type { budget as en } from '../en/budget';

export const budget: CatalogLike<typeof en> = {
  tokens: '{{tokens}} token',
  unpriced: '{{money}} + {{tokens}} token 未计价',
  withMoney: '{{tokens}} · {{money}}',
  turn: '本轮',
  turnText: '本轮：{{usage}}',
  usageLabel: '用量',
  treeTotal: ' · 含子会话 {{amount}}',
  turnLabel: '本轮用量',
  totals: {
    label: '用量合计',
    today: '今天：{{usage}}',
    week: '本周：{{usage}}',
    dailyBudget: '每日预算：{{amounts}}',
  },
  control: {
    set: '设置预算',
    current: '预算：{{amount}}',
    fromConfig: '预算：{{amount}}（默认）',
    field: '会话预算',
    placeholder: '200k 或 $2',
    save: '保存预算',
    remove: '移除预算',
    invalid: '请输入 token 数（200k）或美元金额（$2）。',
  },
  dialog: {
    title: '已达到预算',
    stopped: '已暂停：{{what}}。',
    stopSession: '会话预算 {{limit}} 已用完（已用 {{used}}）',
    stopDaily: '今日预算 {{limit}} 已用完（已用 {{used}}）',
    hint: '这一轮在两步之间停下，没有任何操作被打断。“提高”会设置更高的上限并继续；“继续一次”仅在本轮越过上限继续；“停止”会取消这一轮。',
    newLimit: '新的上限',
    raise: '提高',
    resumeOnce: '继续一次',
    stop: '停止',
    badLimitUsd: '请输入高于已用金额的美元数，例如 2.50。',
    badLimitTokens: '请输入高于已用量的 token 数，例如 200k。',
  },
};

import type { CatalogLike } from '../catalog-types';
import type { status as en } from '../en/status';

export const status: CatalogLike<typeof en> = {
  idle: '空闲',
  failed: '失败',
  completed: '完成',
  conflict: '冲突',
  waiting_approval: '待审批',
  interrupted: '已中断',
  paused: '已暂停',
  queued: '排队中',
  running: '运行中',
  closed: '已关闭',
};

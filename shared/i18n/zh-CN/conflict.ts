import type { CatalogLike } from '../catalog-types';
import type { conflict as en } from '../en/conflict';

export const conflict: CatalogLike<typeof en> = {
  label: '冲突',
  title: '冲突',
  titleWith: '与会话 {{other}} 冲突',
  prompt: '提示词 {{ref}}：',
  otherSession: '（会话 {{ref}}）',
  end: '。',
  kind: {
    declared_output: '两者声明了相同的输出',
    write_write: '两者写入相同的文件',
    stale_read: '它读取的文件已被另一个会话修改',
    exclusive_command: '一条必须单独运行的命令',
    git_destructive: '一条有破坏性的 Git 命令',
  },
  override: '强制执行',
  wait: '等待',
  cancel: '取消',
};

import type { CatalogLike } from '../catalog-types';
import type { cliErrors as en } from '../en/cliErrors';

export const cliErrors: CatalogLike<typeof en> = {
  unknownCommand: 'paragents：未知命令“{{name}}”',
  dataFolder: '数据文件夹 {{home}}',
  dataFolderFromEnv: '数据文件夹 {{home}}（PARAGENTS_HOME）',
  homeIsFileFromEnv: 'PARAGENTS_HOME 指向 {{home}}，它是文件而不是文件夹；请把它设为一个文件夹',
  homeIsFile: '数据文件夹 {{home}} 是文件而不是文件夹；请把它移走或设置 PARAGENTS_HOME',
  cannotUse: '无法使用{{folder}}：{{reason}}',
  cannotWrite: '无法写入 {{path}}：{{reason}}{{hint}}',
  cannotRead: '无法读取 {{path}}：{{reason}}{{hint}}',
  readOnlyHint: '（{{folder}}是只读的吗？）',
  reason: {
    EACCES: '权限不足',
    EPERM: '不允许该操作',
    EROFS: '文件系统是只读的',
    ENOSPC: '磁盘已满',
    ENOTDIR: '路径中的某一段是文件而不是文件夹',
    EEXIST: '有一个文件挡在那里',
    ENOENT: '它不存在',
    EISDIR: '它是一个文件夹',
  },
  parse: {
    unknownOption: '未知选项 {{option}}',
    unexpectedArgument: '多余的参数 {{argument}}：此命令不接受参数',
    noValue: '选项 {{option}} 不接受值',
    needsValue: '选项 {{option}} 需要一个值',
  },
  interrupted: 'paragents {{command}}：已中断',
  joinProblem: 'paragents：其他命令无法加入此命令：{{problem}}',
  cannotCancel: 'paragents：无法取消提示词 {{prompt}}：{{error}}',
  cancelling: '正在取消… 再按一次 Ctrl-C 强制停止',
  forcing: '强制停止：正在立即停止工具…',
  cancelledBeforeSend: '在发送任何提示词之前已取消',
  engineLost: 'paragents：{{reason}}；此命令的提示词随之停止',
  waitingOthers_other: '正在等待其他 paragents 命令的 {{count}} 个提示词…',
  noEngine: '没有为 {{home}} 运行的 Paragents 引擎；请启动应用或运行 `paragents serve`',
};

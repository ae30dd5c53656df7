import type { CatalogLike } from '../catalog-types';
import type { cliHelp as en } from '../en/cliHelp';

export const cliHelp: CatalogLike<typeof en> = {
  usage: '用法：{{synopsis}}',
  title: 'paragents — 并行的 LLM 智能体会话，无界面运行',
  footer:
    '数据文件夹：$PARAGENTS_HOME（默认：操作系统的应用数据文件夹）。模型：该文件夹中的 config.json，或\nOPENAI_BASE_URL / OPENAI_API_KEY / PARAGENTS_MODEL。',
  budgetLimitNote: '（LIMIT：token 数如 200k，或美元金额如 $2）',
  budgetAnswerNote: '（回答停在预算处的提示词）',
  serve: {
    port: '监听的端口（默认 0：任选一个空闲端口）',
    host: '监听的地址（默认 127.0.0.1）；非回环地址\n（0.0.0.0、::、局域网地址、主机名）会被拒绝，除非给出 --allow-remote',
    allowRemote:
      '接受非回环的 --host：任何能访问该端口并持有令牌的人都能控制\n这些智能体；比起非回环地址，更推荐用 SSH 隧道（ssh -L 8080:127.0.0.1:8080 HOST）连到回环地址',
    publicHost:
      '除 127.0.0.1、localhost 和 [::1] 之外，页面还可以通过的主机名（每次绑定都会检查 Host\n请求头）；NAME 匹配所监听的端口，NAME:PORT 只匹配\n那个端口（转发的端口）；可重复',
  },
};

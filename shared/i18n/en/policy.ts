/** How a permission decision is described to people (the decision line under a tool call or approval). */
export const policy = {
  source: {
    managed: 'managed settings',
    local: 'local project settings',
    project: 'project settings',
    user: 'user settings',
    session: 'this session',
    mode: 'the permission mode',
    builtin: 'built-in defaults',
    cli: 'the command line',
    sandbox: 'the sandbox',
  },
  byRule: 'by `{{rule}}` from {{source}}',
  bySource: 'by {{source}}',
  auto_approved: 'auto-approved {{by}}',
  needs_approval: 'approval asked {{by}}',
  blocked: 'blocked {{by}}',
} as const;

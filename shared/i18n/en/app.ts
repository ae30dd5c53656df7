/** The panel's frame: the sidebar's buttons and links. */
export const app = {
  engine: 'engine: {{state}}',
  connection: { connecting: 'connecting', open: 'open', closed: 'closed' },
  approvals: 'Approvals',
  views: 'Views',
  mcp: 'MCP',
  gateways: 'Gateways',
  config: 'Config',
  setup: 'Setup',
} as const;

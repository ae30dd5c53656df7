/** The command output strip. */
export const log = {
  label: 'Command output',
  clear: 'Clear',
  failed: '{{what}}: {{error}}',
  historyFailed: 'could not load the history of session {{ref}}: {{error}}',
  sessionsFailed: 'could not load sessions: {{error}}',
  earlierFailed: 'could not load earlier messages: {{error}}',
  compacting: 'compacting session {{ref}}{{focus}}…',
  focus: ' (focus: {{about}})',
  nothingToCompact: 'nothing to compact in session {{ref}}: the view is {{tokens}} tokens',
  compacted: 'compacted session {{ref}}: {{before}} → {{after}} tokens · {{pruned}}{{summary}}',
  summary: ' · summary {{tokens}} tokens',
  noSummary: 'no summary could be written ({{error}}); old tool outputs were pruned instead',
  openFailed: 'could not open session {{label}}: {{error}}',
  reopened: 'reopened session {{ref}}',
} as const;

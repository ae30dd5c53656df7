/** The context meter, the compaction divider and the context view. */
export const context = {
  meterLabel: 'Context',
  meterText: '{{tokens}} / {{window}} tokens',
  meterTitle: "Tokens in the model's view at the latest request, of a {{window}}-token window; compaction past {{percent}} %",
  compacted: 'Context compacted',
  compactedText: 'Context compacted ({{reason}}): {{figures}}',
  compactedTokens: '{{before}} → {{after}} tokens',
  prunedOutputs_one: '{{count}} tool output pruned',
  prunedOutputs_other: '{{count}} tool outputs pruned',
  summaryTokens: 'summary {{tokens}} tokens',
  reason: { auto: 'auto', overflow: 'overflow', manual: 'manual' },
  noSummary: 'no summary: pruned only',
  summaryFailed: 'The summary request failed ({{error}}); old tool outputs were pruned instead.',
};

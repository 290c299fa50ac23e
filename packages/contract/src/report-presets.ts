/**
 * The agent centre's report periods, in the merchant's business time zone; custom takes startDate
 * and endDate. Schema-free, so the browser imports it without the zod schemas (lib/contract).
 */
export const REPORT_PRESETS = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'custom',
] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

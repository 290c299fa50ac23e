const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD in local time (notice dates). */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** YYYY-MM-DD HH:mm:ss in local time (spec §9 date display). */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  return `${formatDate(ms)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** formatDateTime for a moment inside a sentence: a no-break space keeps the date and time on one line. */
export const formatDateTimeInline = (ms: number): string => formatDateTime(ms).replace(' ', '\u00a0');

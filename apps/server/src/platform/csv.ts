/**
 * CSV as RFC 4180 has it: a header row, CRLF line ends, and a field quoted (its quotes doubled)
 * when it holds a comma, a quote, a CR or an LF.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const field = (v: string | number) => {
    const s = String(v);
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return `${[header, ...rows].map((r) => r.map(field).join(',')).join('\r\n')}\r\n`;
}

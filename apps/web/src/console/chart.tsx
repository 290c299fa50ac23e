import { useId } from 'react';

export interface ChartSeries {
  name: string;
  /** One value per label (a decimal string, as the server sends money). */
  values: readonly string[];
  /** Which of the console's chart colours (c-series-1…4). */
  tone: 1 | 2 | 3 | 4;
}

const W = 640;
const H = 200;
const PAD = { top: 12, right: 8, bottom: 28, left: 8 };

/** "1234567.80" → "1,234,567.80": figures as the tables show them. */
export const money = (text: string) => {
  const [whole = '0', frac] = text.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac === undefined ? '' : `.${frac}`}`;
};

/**
 * Grouped bars per label (a day) for a few series, negatives below a zero line: plain SVG. The
 * picture is one image for screen readers (role="img" with a summary of the data), and the
 * same figures follow as a visually hidden table.
 */
export function BarChart({
  title,
  labels,
  series,
  summary,
  labelHeader,
}: {
  title: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** What the chart shows, in words (its accessible name). */
  summary: string;
  /** The header of the hidden table's first column. */
  labelHeader: string;
}) {
  const id = useId();
  const numbers = series.map((s) => s.values.map(Number));
  const all = numbers.flat();
  const min = Math.min(0, ...all);
  // All zero: the zero line at the bottom, as for figures that are all positive.
  const max = Math.max(0, ...all) || (min < 0 ? 0 : 1);
  const span = max - min || 1;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((max - v) / span) * plotH;
  const slot = (W - PAD.left - PAD.right) / Math.max(1, labels.length);
  const bar = Math.max(2, (slot * 0.7) / Math.max(1, series.length));
  const zero = y(0);
  return (
    <figure className="c-chart" aria-labelledby={`${id}-t`}>
      <figcaption id={`${id}-t`} className="c-chart-title">
        {title}
        <span className="c-legend" aria-hidden="true">
          {series.map((s) => (
            <span key={s.name}>
              <i className={`c-swatch c-series-${s.tone}`} /> {s.name}
            </span>
          ))}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary}>
        <line x1={PAD.left} x2={W - PAD.right} y1={zero} y2={zero} className="c-axis" />
        {labels.map((label, i) => {
          const x0 = PAD.left + i * slot + (slot - bar * series.length) / 2;
          return (
            <g key={label}>
              {numbers.map((vals, k) => {
                const v = vals[i] ?? 0;
                const top = Math.min(y(v), zero);
                return (
                  <rect
                    key={series[k]!.name}
                    x={x0 + k * bar}
                    y={top}
                    width={bar - 1}
                    height={Math.max(v === 0 ? 0 : 1, Math.abs(y(v) - zero))}
                    className={`c-series-${series[k]!.tone}`}
                  />
                );
              })}
              {i % 2 === labels.length % 2 || labels.length <= 7 ? (
                <text x={PAD.left + i * slot + slot / 2} y={H - 8} className="c-tick" textAnchor="middle">
                  {label.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            {series.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {series.map((s) => (
                <td key={s.name}>{money(s.values[i] ?? '0')}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

// Small charts: no chart library for two chart kinds (horizontal bars as HTML rows,
// and an SVG line per series), each readable as text.
import { useRef } from 'react';
import { tickIndexes } from './chartTicks';
import { UNITS_PER_EM, useEmWidth } from './useEmWidth';

/** The SVG's size in the page's type: its units are 1/16 em (useEmWidth.ts). */
const sizeInEm = (width: number, height: number) => ({
  width: `${width / UNITS_PER_EM}em`,
  height: `${height / UNITS_PER_EM}em`,
});

export interface Bar {
  label: string;
  value: number;
  max: number;
  caption: string;
}

/**
 * Horizontal bars as HTML rows: labels wrap instead of being cut (long subject names stay
 * readable at any width), and each row says its figure in words beside the bar.
 */
export function BarChart({ bars, title, testId }: { bars: Bar[]; title: string; testId: string }) {
  return (
    <figure className="chart" data-testid={testId}>
      <figcaption>{title}</figcaption>
      <ul className="bar-rows">
        {bars.map((bar) => (
          <li key={bar.label} className="bar-row">
            <span className="bar-label">{bar.label}</span>
            <span className="bar-track" aria-hidden="true">
              <span className="bar-fill" style={{ width: `${bar.max > 0 ? (bar.value / bar.max) * 100 : 0}%` }} />
            </span>
            <span className="bar-caption">{bar.caption}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

export interface Series {
  label: string;
  /** Percentages in time order; null where an attempt had no question of this series. */
  points: (number | null)[];
}

const COLORS = ['#1d4ed8', '#b45309', '#047857', '#9333ea', '#be123c', '#0e7490', '#4d7c0f', '#a16207'];
/** Past eight lines, colours repeat with another dash pattern, so no two lines look alike. */
const DASHES = [undefined, '6 4', '2 3'];

export function TrendChart({
  series,
  title,
  labels,
  testId,
}: {
  series: Series[];
  title: string;
  labels: string[];
  testId: string;
}) {
  const figure = useRef<HTMLElement>(null);
  // At most 37.5 em wide (600 units: 600 px at 16 px, 1,200 px at 32 px), less where the page has less.
  const width = useEmWidth(figure, 37.5);
  const height = 240;
  const n = Math.max(1, labels.length - 1);
  const x = (i: number) => 40 + (i / n) * (width - 60);
  const y = (v: number) => height - 40 - (v / 100) * (height - 60);
  // Dated axis: at most six labels, evenly spread, always the first and the last.
  const step = Math.max(1, Math.ceil(labels.length / 6));
  const ticks = labels.map((label, i) => ({ label, i })).filter(({ i }) => i % step === 0 || i === labels.length - 1);
  return (
    <figure className="chart" data-testid={testId} ref={figure}>
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} style={sizeInEm(width, height)} role="img" aria-label={title}>
        {[0, 50, 100].map((v) => (
          <g key={v}>
            <line x1="40" x2={width - 20} y1={y(v)} y2={y(v)} className="chart-grid" />
            <text x="4" y={y(v) + 4} className="chart-label">
              {v}%
            </text>
          </g>
        ))}
        {ticks.map(({ label, i }) => (
          <text key={i} x={x(i)} y={height - 18} className="chart-label" textAnchor="middle" data-testid="trend-tick">
            {label}
          </text>
        ))}
        {series.map((s, index) => {
          const points = s.points
            .map((v, i) => (v === null ? null : `${x(i)},${y(v)}`))
            .filter((p): p is string => p !== null);
          const color = COLORS[index % COLORS.length];
          const dash = DASHES[Math.floor(index / COLORS.length) % DASHES.length];
          return (
            <g key={s.label}>
              <polyline
                points={points.join(' ')}
                fill="none"
                stroke={color}
                strokeWidth="2.5"
                {...(dash && { strokeDasharray: dash })}
              />
              {points.map((p) => {
                const [cx, cy] = p.split(',');
                // Two series at the same figure hid each other's dots: the first is a filled dot, the
                // others rings of growing size around it, so every series shows where they meet.
                return index === 0 ? (
                  <circle key={p} cx={cx} cy={cy} r="3.5" fill={color} />
                ) : (
                  <circle
                    key={p}
                    cx={cx}
                    cy={cy}
                    r={3.5 + 2.5 * (1 + ((index - 1) % 4))}
                    fill="none"
                    stroke={color}
                    strokeWidth="2"
                    data-testid="trend-ring"
                  />
                );
              })}
            </g>
          );
        })}
      </svg>
      <ul className="chart-legend">
        {series.map((s, index) => (
          <li key={s.label}>
            <span className="swatch" style={{ background: COLORS[index % COLORS.length] }} aria-hidden="true" />{' '}
            {s.label}: {s.points.map((v) => (v === null ? '–' : `${Math.round(v)}%`)).join(' → ')}
          </li>
        ))}
      </ul>
    </figure>
  );
}

export interface Column {
  /** What the column is (its tooltip and data-label). */
  label: string;
  value: number;
  /** What the axis prints under it, when shorter than the label ("07/11" for "semana de 07/11"). */
  tick?: string;
}

/**
 * Vertical columns over time (the review forecast): an SVG that stretches to the width, its
 * figures said in the caption (`summary`) for those who do not look at it.
 */
export function ColumnChart({
  columns,
  title,
  summary,
  testId,
}: {
  columns: Column[];
  title: string;
  summary: string;
  testId: string;
}) {
  const figure = useRef<HTMLElement>(null);
  // The forecast takes the page's width, measured in em, so its labels stay 0.75 em.
  const width = useEmWidth(figure, 60);
  const height = 200;
  const max = Math.max(1, ...columns.map((c) => c.value));
  const slot = (width - 50) / Math.max(1, columns.length);
  const y = (v: number) => height - 30 - (v / max) * (height - 50);
  const ticks = new Set(
    tickIndexes(
      columns.map((c) => c.tick ?? c.label),
      width - 50,
    ),
  );
  return (
    <figure className="chart" data-testid={testId} ref={figure}>
      <figcaption>{title}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        style={sizeInEm(width, height)}
        role="img"
        aria-label={`${title}. ${summary}`}
        className="column-chart"
      >
        {[0, max].map((v) => (
          <g key={v}>
            <line x1="40" x2={width - 10} y1={y(v)} y2={y(v)} className="chart-grid" />
            <text x="4" y={y(v) + 4} className="chart-label">
              {v}
            </text>
          </g>
        ))}
        {columns.map((column, i) => (
          <rect
            key={column.label}
            x={40 + i * slot + slot * 0.15}
            width={Math.max(1, slot * 0.7)}
            y={y(column.value)}
            height={height - 30 - y(column.value)}
            className="chart-bar"
            data-testid={`${testId}-column`}
            data-label={column.label}
            data-value={column.value}
          >
            <title>{`${column.label}: ${column.value}`}</title>
          </rect>
        ))}
        {columns.map((column, i) =>
          ticks.has(i) ? (
            <text
              key={column.label}
              // The ends are anchored inward: a centred first or last tick was clipped by the chart's edge.
              x={i === 0 ? 40 : i === columns.length - 1 ? width - 10 : 40 + (i + 0.5) * slot}
              y={height - 10}
              className="chart-label"
              textAnchor={i === 0 ? 'start' : i === columns.length - 1 ? 'end' : 'middle'}
              data-testid={`${testId}-tick`}
            >
              {column.tick ?? column.label}
            </text>
          ) : null,
        )}
      </svg>
      <p className="muted">{summary}</p>
    </figure>
  );
}

import { useEffect, useId, useRef } from 'react';
import {
  CategoryScale,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { PropertyAnalytics } from '../api';
import { formatCount } from '../format';

// Only the parts this chart draws, so the bundle carries no other chart type.
Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Filler);

type Day = PropertyAnalytics['days'][number];

/**
 * Views and visitors per day: a line chart that follows its box's width (Chart.js watches its container), and the
 * same numbers as a table for screen readers and for whoever wants the figures.
 */
export default function ViewsChart({ days }: { days: Day[] }) {
  const headingId = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const views = days.reduce((sum, day) => sum + day.views, 0);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const style = getComputedStyle(canvas);
    const primary = style.getPropertyValue('--color-primary').trim() || '#0b6e69';
    const muted = style.getPropertyValue('--color-text-muted').trim() || '#52606d';
    const fill = style.getPropertyValue('--color-primary-subtle').trim() || '#e3f1f0';
    const grid = style.getPropertyValue('--color-border').trim() || '#d9e2ec';
    const chart = new Chart(canvas, {
      type: 'line',
      data: {
        labels: days.map((day) => day.day.slice(5)),
        datasets: [
          {
            label: 'Views',
            data: days.map((day) => day.views),
            borderColor: primary,
            backgroundColor: fill,
            fill: true,
            tension: 0.25,
            pointRadius: days.length > 45 ? 0 : 2,
          },
          {
            label: 'Visitors',
            data: days.map((day) => day.visitors),
            borderColor: muted,
            borderDash: [4, 3],
            tension: 0.25,
            pointRadius: 0,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: { grid: { display: false }, ticks: { color: muted, maxRotation: 0, autoSkipPadding: 12 } },
          y: { beginAtZero: true, grid: { color: grid }, ticks: { color: muted, precision: 0 } },
        },
        plugins: {
          tooltip: { callbacks: { title: (items) => days[items[0]?.dataIndex ?? 0]?.day ?? '' } },
        },
      },
    });
    return () => chart.destroy();
  }, [days]);

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Views per day</h2>
      <p className="chart-legend muted" aria-hidden="true">
        <span className="chart-key chart-key-views" /> Views <span className="chart-key chart-key-visitors" />{' '}
        Visitors
      </p>
      <div className="chart-box">
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`Views per day from ${days[0]?.day ?? ''} to ${days.at(-1)?.day ?? ''}: ${formatCount(views)} views in all. The table below has each day.`}
        />
      </div>
      <details className="chart-table">
        <summary>Show each day</summary>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Views</th>
              <th scope="col">Visitors</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <td data-label="Day">{day.day}</td>
                <td data-label="Views">{formatCount(day.views)}</td>
                <td data-label="Visitors">{formatCount(day.visitors)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

import { useTranslation } from '../../../lib/i18n';

interface Props {
  daily: Array<{ day: string; seconds: number }>;
}

const WIDTH = 560;
const HEIGHT = 160;
const PAD = { top: 16, bottom: 28, left: 8, right: 8 };

/**
 * Minutes credited on each of the last 14 days, as bars. Fourteen bars need no chart
 * library (a charting package would be the biggest chunk of this page).
 */
export function DailyChart({ daily }: Props) {
  const { t } = useTranslation();
  const minutes = daily.map((d) => d.seconds / 60);
  const max = Math.max(1, ...minutes);
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(1, daily.length);
  const barWidth = slot * 0.6;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  return (
    <figure className="daily-chart" data-testid="daily-chart">
      <figcaption>{t('study.dailyChart')}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('study.dailyChart')}>
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={HEIGHT - PAD.bottom}
          y2={HEIGHT - PAD.bottom}
          className="daily-axis"
        />
        {daily.map((d, i) => {
          const value = minutes[i]!;
          const h = (value / max) * plotHeight;
          const x = PAD.left + i * slot + (slot - barWidth) / 2;
          const y = HEIGHT - PAD.bottom - h;
          return (
            <g key={d.day}>
              <rect x={x} y={y} width={barWidth} height={Math.max(h, value > 0 ? 2 : 0)} className="daily-bar">
                <title>
                  {d.day}: {Math.round(value * 10) / 10} {t('study.minutes')}
                </title>
              </rect>
              {value > 0 && (
                <text x={x + barWidth / 2} y={y - 4} className="daily-value">
                  {value < 10 ? Math.round(value * 10) / 10 : Math.round(value)}
                </text>
              )}
              {(i % 2 === 1 || daily.length <= 7) && (
                <text x={x + barWidth / 2} y={HEIGHT - 8} className="daily-label">
                  {d.day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

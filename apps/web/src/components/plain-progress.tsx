import './plain-progress.css';

/**
 * antd's Progress drawn plain, for the pages drawn without antd: a ring for a class and a line
 * for a course, a unit or a practice (spans: it may sit inside a button), in the theme's
 * colour, green with a tick when complete.
 */
const clamp = (percent: number) => Math.max(0, Math.min(100, percent));

/** `label`: what it measures, its accessible name (the class's or course's name, say). */
export function ProgressRing({ percent, label, size = 84 }: { percent: number; label: string; size?: number }) {
  const value = clamp(percent);
  const done = value >= 100;
  // the stroke is 6 % of the ring's width, as antd draws it
  const radius = 47;
  const length = 2 * Math.PI * radius;
  return (
    <div
      className={`progress-ring${done ? ' done' : ''}`}
      style={{ width: size, height: size }}
      role="progressbar"
      aria-label={label}
      aria-valuenow={Math.round(value)}
      aria-valuetext={`${Math.round(value)}%`}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <svg viewBox="0 0 100 100" aria-hidden="true">
        <circle className="progress-ring-track" cx="50" cy="50" r={radius} />
        {value > 0 && (
          <circle
            className="progress-ring-value"
            cx="50"
            cy="50"
            r={radius}
            strokeDasharray={`${(length * value) / 100} ${length}`}
          />
        )}
      </svg>
      <span className="progress-ring-text">{done ? '✓' : `${Math.round(value)}%`}</span>
    </div>
  );
}

/**
 * `text` in place of the percentage (a practice's "3/10"); `done` when 100 % is not the end
 * (a course whose units are watched waits for its exam: a full bar, not green).
 */
export function ProgressLine({
  percent,
  label,
  text,
  done: finished,
}: {
  percent: number;
  label: string;
  text?: string;
  done?: boolean;
}) {
  const value = clamp(percent);
  const done = finished ?? value >= 100;
  return (
    <span
      className={`progress-line${done ? ' done' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuenow={Math.round(value)}
      // what it reads: a practice's "3/10", not 20
      aria-valuetext={text ?? `${Math.round(value)}%`}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <span className="progress-line-track">
        <span className="progress-line-value" style={{ width: `${value}%` }} />
      </span>
      <span className="progress-line-text">{text ?? (done ? '✓' : `${Math.round(value)}%`)}</span>
    </span>
  );
}

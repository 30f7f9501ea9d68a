import './stars.css';

/**
 * A read-only star rating (1–5), drawn as antd's disabled Rate with `allowHalf` is, without
 * its code: a star is lit when the value reaches it, half lit when the value is within half a
 * star below it (an average of 4.7 or 4.8 shows four and a half; 4.4 shows four).
 */
export function Stars({ value, label }: { value: number; label: string }) {
  const halves = Math.floor(value * 2) / 2;
  return (
    <span className="stars" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= halves ? 'star on' : n - 0.5 === halves ? 'star half' : 'star'} aria-hidden>
          ★
        </span>
      ))}
    </span>
  );
}

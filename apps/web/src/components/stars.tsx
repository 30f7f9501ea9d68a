/** A read-only star rating (1–5), drawn as antd's disabled Rate is, without its code. */
export function Stars({ value, label }: { value: number; label: string }) {
  return (
    <span className="stars" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= Math.round(value) ? 'star on' : 'star'} aria-hidden>
          ★
        </span>
      ))}
    </span>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import '../../../components/stars.css';

/**
 * A 1–5 star rating to choose, drawn like antd's Rate: five radios (the arrow keys move
 * between them, a screen reader says "4 星, 5 之 4"), the stars up to the one pointed at lit.
 */
export function StarInput({ value, onChange, label }: { value: number; onChange(value: number): void; label: string }) {
  const { t } = useTranslation();
  const name = useId();
  const [pointed, setPointed] = useState<number>();
  const lit = pointed ?? value;
  return (
    <span className="star-input" role="radiogroup" aria-label={label} onPointerLeave={() => setPointed(undefined)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <label key={n} className={n <= lit ? 'star on' : 'star'} onPointerEnter={() => setPointed(n)}>
          <input
            type="radio"
            name={name}
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
            aria-label={t('online.ratingOf', { rating: n })}
          />
          <span aria-hidden="true">★</span>
        </label>
      ))}
    </span>
  );
}

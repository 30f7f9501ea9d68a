import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import './plain-controls.css';

/** Label: value pairs in columns that wrap (antd's Descriptions drawn plain). */
export function PlainFacts({ facts, testId }: { facts: Array<[string, ReactNode]>; testId?: string }) {
  const { t } = useTranslation();
  return (
    <dl className="plain-facts" data-testid={testId}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>
            {label}
            {t('punct.colon')}
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

import { Card, Steps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import type { Dashboard } from '../api/reports-api';

const STEPS = [
  { key: 'learners', to: '/manage/people' },
  { key: 'courses', to: '/manage/courses' },
  { key: 'classes', to: '/manage/classes' },
  { key: 'entry', to: '/manage/settings' },
] as const;

/**
 * 开始使用: a new organisation's way from nothing to learners studying — learners, courses, a
 * class, and the address its learners log in at — each step ticked once the organisation has
 * it, the card gone once it has learners, courses and a class.
 */
export function FirstStepsCard({ setup }: { setup: Dashboard['setup'] }) {
  const { t } = useTranslation();
  if (setup.learners > 0 && setup.courses > 0 && setup.classes > 0) return null;
  const done = (key: (typeof STEPS)[number]['key']) => key !== 'entry' && setup[key] > 0;
  const current = STEPS.findIndex((s) => !done(s.key));
  return (
    <Card size="small" title={t('console.firstSteps.title')} data-testid="first-steps" className="first-steps">
      <Steps
        direction="vertical"
        size="small"
        current={current}
        items={STEPS.map((s) => ({
          status: done(s.key) ? 'finish' : s.key === STEPS[current]?.key ? 'process' : 'wait',
          title: <Link to={s.to}>{t(`console.firstSteps.${s.key}`)}</Link>,
          description: t(`console.firstSteps.${s.key}Hint`),
        }))}
      />
    </Card>
  );
}

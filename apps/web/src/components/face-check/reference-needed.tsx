import '../../lib/locales/page-texts';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { PlainNotice } from '../plain-notice';
import { getReference, referenceKey, SET_REFERENCE_PATH, setReferenceState } from './face-check-api';

/** Whether the learner has a reference photo (and may set one himself): one query for every prompt. */
export const useReferenceState = () => useQuery({ queryKey: referenceKey, queryFn: getReference });

/**
 * Before a learner of a class that checks faces has studied a second: no reference photo yet —
 * said where he starts (我的学习), with the way to take it, rather than when he presses play.
 */
export function ReferenceNeeded() {
  const { t } = useTranslation();
  const location = useLocation();
  const { data } = useReferenceState();
  if (!data || data.hasReference) return null;
  return (
    <PlainNotice
      tone="warning"
      testId="reference-needed"
      title={data.selfAllowed ? t('face.referenceNeeded') : t('face.noReferenceByManager')}
      action={
        data.selfAllowed && (
          <Link
            className="plain-btn small primary"
            to={SET_REFERENCE_PATH}
            state={setReferenceState(location)}
            data-testid="reference-needed-set"
          >
            {t('face.setReference')}
          </Link>
        )
      }
    />
  );
}

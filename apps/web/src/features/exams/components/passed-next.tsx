import { useNavigate } from 'react-router';
import { PlainNotice } from '../../../components/plain-notice';
import { CERTIFICATES_PATH, showCertificatesState, useCertificateProgress } from '../../../lib/certificate-progress';
import { useTranslation } from '../../../lib/i18n';
import { useOnceTrue } from '../../../lib/use-once-true';

/**
 * After a pass, what comes next for the class: its certificate (issued by this pass), the face
 * checks it still waits for, or the courses left — each with the button that gets there.
 * `trainPersonId`: the class membership the exam was sat in (undefined while it is asked again);
 * `studyDone`: this course's units are studied (a class may let the exam come first).
 */
export function PassedNext({ trainPersonId, studyDone }: { trainPersonId: string | undefined; studyDone: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // asked again at the hand-in (a pass may have completed the class): said once that answer is
  // here, and not taken away by a later refetch
  const progress = useCertificateProgress();
  const settled = useOnceTrue(Boolean(trainPersonId) && !progress.isFetching);
  if (!settled) return null;
  const mine = progress.data?.find((p) => p.trainPersonId === trainPersonId);
  const toStudy = (
    <button type="button" className="plain-btn small primary" onClick={() => void navigate('/study')}>
      {t('exams.toStudy')}
    </button>
  );
  if (mine?.status === 'issued') {
    return (
      <PlainNotice
        tone="success"
        testId="exam-next"
        title={t('exams.passedCertificate', { number: mine.certificateNumber ?? '' })}
        action={
          <button
            type="button"
            className="plain-btn small primary"
            onClick={() => void navigate(CERTIFICATES_PATH, { state: showCertificatesState })}
          >
            {t('study.next.certificate')}
          </button>
        }
      />
    );
  }
  if (!studyDone) {
    // the course itself waits for its units: not "the next course"
    return <PlainNotice tone="success" testId="exam-next" title={t('exams.passedStudyLeft')} action={toStudy} />;
  }
  if (mine?.status === 'withheld') {
    return (
      <PlainNotice
        tone="warning"
        testId="exam-next"
        title={t('exams.passedChecksLeft', { count: mine.checksLeft })}
        action={toStudy}
      />
    );
  }
  return (
    <PlainNotice
      tone="success"
      testId="exam-next"
      title={
        mine && mine.coursesLeft > 0
          ? t('exams.passedCoursesLeft', { count: mine.coursesLeft })
          : t('exams.nextAfterPass')
      }
      action={toStudy}
    />
  );
}

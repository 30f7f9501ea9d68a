import '../../../lib/locales/page-texts';
import '../study.css';
import '../../../components/plain-controls.css';
import { Link, useSearchParams } from 'react-router';
import { PlainNotice } from '../../../components/plain-notice';
import { PlainResult } from '../../../components/plain-result';
import { SkeletonLines } from '../../../components/skeleton-lines';
import { useTranslation } from '../../../lib/i18n';
import { useBookUnits } from '../api/study-api';

/**
 * 视频: a unit watched freely, to look something up or revise: any point, any speed, and
 * nothing is reported, so nothing is credited. Studying for 学时 happens on 播放. Plain
 * markup, as 课程详情 that links here.
 */
export default function VideoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const bookId = params.get('courseBookId') ?? '';
  const warpId = params.get('warpId') ?? '';
  const { data, isPending } = useBookUnits(bookId);
  if (!bookId) return <PlainResult className="page" tone="info" title={t('study.pickCourse')} />;
  if (isPending) return <SkeletonLines lines={6} className="page video-loading" />;
  const unit = data?.find((u) => u.courseWarpId === warpId) ?? data?.[0];
  const back = (
    <Link className="plain-btn" to={`/course?id=${bookId}`}>
      {t('study.backToCourse')}
    </Link>
  );
  if (!unit?.playUrl) {
    return <PlainResult className="page" tone="info" title={t('study.previewUnavailable')} actions={back} />;
  }
  return (
    <section className="page video-page">
      <h1 data-testid="unit-title">{unit.tCourseName}</h1>
      <PlainNotice tone="info" title={t('study.previewNoCredit')} />
      {unit.kind === 'document' ? (
        <a href={unit.playUrl} target="_blank" rel="noreferrer" data-testid="preview-document">
          {t('study.openDocument')}
        </a>
      ) : (
        <video className="player-video" src={unit.playUrl} controls preload="metadata" data-testid="preview-video" />
      )}
      <div className="video-actions">
        {back}
        <Link
          className="plain-btn primary"
          to={`/show?classCourseId=${unit.trainClassCourseId}&unit=${unit.trainWarpCourseId}`}
        >
          {t('study.studyForHours')}
        </Link>
      </div>
    </section>
  );
}

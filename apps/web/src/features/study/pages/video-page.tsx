import '../../../lib/locales/page-texts';
import '../study.css';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useBookUnits } from '../api/study-api';

/**
 * 视频: a unit watched freely, to look something up or revise: any point, any speed, and
 * nothing is reported, so nothing is credited. Studying for 学时 happens on 播放.
 */
export default function VideoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const bookId = params.get('courseBookId') ?? '';
  const warpId = params.get('warpId') ?? '';
  const { data, isPending } = useBookUnits(bookId);
  if (!bookId) return <Empty className="page" description={t('study.pickCourse')} />;
  if (isPending) return <Skeleton active className="page" />;
  const unit = data?.find((u) => u.courseWarpId === warpId) ?? data?.[0];
  if (!unit?.playUrl) {
    return (
      <Empty className="page" description={t('study.previewUnavailable')}>
        <Link to={`/course?id=${bookId}`}>{t('study.backToCourse')}</Link>
      </Empty>
    );
  }
  return (
    <section className="page video-page">
      <h2 data-testid="unit-title">{unit.tCourseName}</h2>
      <Alert type="info" showIcon message={t('study.previewNoCredit')} />
      {unit.kind === 'document' ? (
        <a href={unit.playUrl} target="_blank" rel="noreferrer" data-testid="preview-document">
          {t('study.openDocument')}
        </a>
      ) : (
        <video className="player-video" src={unit.playUrl} controls preload="metadata" data-testid="preview-video" />
      )}
      <div className="video-actions">
        <Button onClick={() => navigate(`/course?id=${bookId}`)}>{t('study.backToCourse')}</Button>
        <Button
          type="primary"
          onClick={() => navigate(`/show?classCourseId=${unit.trainClassCourseId}&unit=${unit.trainWarpCourseId}`)}
        >
          {t('study.studyForHours')}
        </Button>
      </div>
    </section>
  );
}

import { Panel } from '../../../components/panel';
import { useTranslation } from '../../../lib/i18n';
import type { CourseBook } from '../api/courses-api';

const minutes = (s: number) => Math.max(1, Math.round(s / 60));

export function CourseCard({ book }: { book: CourseBook }) {
  const { t } = useTranslation();
  return (
    <Panel className="course-card" data-testid="course-card" to={`/course?id=${book.courseBookId}`}>
      <div className="course-cover" aria-hidden>
        {book.coverUrl ? <img src={book.coverUrl} alt="" /> : <span>{book.name.slice(0, 2)}</span>}
      </div>
      <h3>{book.name}</h3>
      <p className="course-intro">{book.intro}</p>
      <div className="course-meta">
        <span className="course-tag">
          {book.unitCount} {t('courses.units')}
        </span>
        <span className="course-tag">
          {minutes(book.durationSeconds)} {t('study.minutes')}
        </span>
        <span className="course-tag blue">
          {book.classHours} {t('study.hours')}
        </span>
      </div>
    </Panel>
  );
}

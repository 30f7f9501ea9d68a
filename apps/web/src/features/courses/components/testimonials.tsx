import { Panel } from '../../../components/panel';
import { Stars } from '../../../components/stars';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { TESTIMONIALS } from '../api/course-requests';
import { useComments } from '../api/online-api';

/** 学员评价 on the home page: the organisation's newest well-rated comments (real ones); plain markup, no antd on a guest's first visit. */
export function Testimonials() {
  const { t } = useTranslation();
  const { data } = useComments(undefined, TESTIMONIALS.page, TESTIMONIALS);
  const records = data?.records ?? [];
  return (
    <section className="home-block" data-testid="testimonials">
      <h2>{t('online.testimonials')}</h2>
      {records.length === 0 ? (
        <p className="home-empty">{t('online.noComments')}</p>
      ) : (
        <div className="testimonial-grid">
          {records.map((c) => (
            <Panel key={c.id} size="small" className="testimonial">
              <Stars value={c.rating} label={t('online.ratingOf', { rating: c.rating })} />
              <p className="post-text">{c.content}</p>
              <div className="testimonial-by">
                <strong>{c.authorName}</strong> ·{' '}
                <Link to={`/course?id=${c.courseBookId}&tab=comments`}>{c.courseName}</Link>
              </div>
            </Panel>
          ))}
        </div>
      )}
    </section>
  );
}

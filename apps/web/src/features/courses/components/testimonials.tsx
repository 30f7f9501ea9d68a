import { Col, Empty, Rate, Row } from 'antd';
import { Panel } from '../../../components/panel';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useComments } from '../api/online-api';

/** 学员评价 on the home page: the organisation's newest well-rated comments (real ones). */
export function Testimonials() {
  const { t } = useTranslation();
  const { data } = useComments(undefined, 1, { minRating: 4, size: 6 });
  const records = data?.records ?? [];
  return (
    <section className="home-block" data-testid="testimonials">
      <h3>{t('online.testimonials')}</h3>
      {records.length === 0 ? (
        <Empty description={t('online.noComments')} />
      ) : (
        <Row gutter={[16, 16]}>
          {records.map((c) => (
            <Col key={c.id} xs={24} md={12} lg={8}>
              <Panel size="small" className="testimonial">
                <Rate disabled value={c.rating} className="post-rate" />
                <p className="post-text">{c.content}</p>
                <div className="testimonial-by">
                  <strong>{c.authorName}</strong> ·{' '}
                  <Link to={`/course?id=${c.courseBookId}&tab=comments`}>{c.courseName}</Link>
                </div>
              </Panel>
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}

import { Button, Card, Descriptions, Empty, List, Skeleton } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useCourseInfo, useCourseUnits } from '../api/courses-api';

const minutes = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

/** 课程详情: what the course is, who teaches it, how many learn it, and its units. */
export default function CoursePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const info = useCourseInfo(id);
  const units = useCourseUnits(id);
  if (!id) return <Empty className="page" description={t('study.pickCourse')} />;
  if (info.isPending) return <Skeleton active className="page" />;
  if (!info.data) return <Empty className="page" />;
  const book = info.data;
  return (
    <section className="page course-page">
      <Card>
        <h2>{book.name}</h2>
        <p>{book.intro}</p>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 4 }}
          items={[
            { key: 't', label: t('courses.teachers'), children: book.teachers.join('、') || '—' },
            { key: 'h', label: t('study.hours'), children: book.classHours },
            { key: 'u', label: t('study.units'), children: book.unitCount },
            { key: 'l', label: t('courses.learners'), children: book.learnerCount },
          ]}
        />
        <Button type="primary" onClick={() => navigate('/study')}>
          {t('courses.studyInMyClass')}
        </Button>
      </Card>
      <Card title={t('study.units')} className="course-units">
        <List
          loading={units.isPending}
          dataSource={units.data ?? []}
          renderItem={(u) => (
            <List.Item extra={minutes(u.durationSeconds)}>
              {u.sortOrder}. {u.title}
            </List.Item>
          )}
        />
      </Card>
    </section>
  );
}

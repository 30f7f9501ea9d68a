import { LearnStatus } from '@anxun/shared/constants';
import '../../../lib/locales/page-texts';
import '../locales/courses-texts';
import '../courses.css';
import { Button, Card, Descriptions, Empty, List, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formatClock } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useUser } from '../../../stores/user-store';
import { useCourseInfo, useCourseUnits } from '../api/courses-api';
import { useCertificateProgress, useCourseUseState } from '../api/online-api';
import { CommentsPanel } from '../components/comments-panel';
import { DiscussionPanel } from '../components/discussion-panel';
import { IntentDialog } from '../components/intent-dialog';

/** 课程详情: the course, who teaches it, how many learn it, its units, comments and discussion. */
export default function CoursePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const info = useCourseInfo(id || undefined);
  const units = useCourseUnits(id || undefined);
  const signedIn = Boolean(useUser((s) => s.token));
  const courseUse = useCourseUseState(id);
  const certificates = useCertificateProgress(signedIn);
  // the tab is the page's state (a link may open one): changing the URL would keep a copy alive
  const [tab, setTab] = useState(params.get('tab') ?? 'units');
  if (!id) return <Empty className="page" description={t('study.pickCourse')} />;
  if (info.isPending) return <Skeleton active className="page" />;
  if (!info.data) return <Empty className="page" />;
  const book = info.data;
  // the learner's record of this course in their newest class, if they study it
  const record = courseUse.data?.records[0];
  const enrolled = Boolean(courseUse.data?.enrolled);
  return (
    <section className="page course-page">
      <Card className="course-head">
        <div className="course-cover course-cover-large" aria-hidden>
          {book.images[0] ? <img src={book.images[0]} alt="" /> : <span>{book.name.slice(0, 2)}</span>}
        </div>
        <div className="course-head-text">
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
          {record ? (
            <div className="home-hero-actions">
              {record.examRequired && !record.examPassed && record.completedUnits === record.unitCount ? (
                // every unit watched: the exam is the next step
                <Button
                  type="primary"
                  data-testid="course-exam"
                  onClick={() => navigate(`/exams?course=${record.trainClassCourseId}`)}
                >
                  {t('study.next.exam')}
                </Button>
              ) : (
                <Button
                  type={record.learnStatus === LearnStatus.COMPLETED ? 'default' : 'primary'}
                  data-testid="course-study"
                  onClick={() => navigate(`/show?classCourseId=${record.trainClassCourseId}`)}
                >
                  {record.learnStatus === LearnStatus.COMPLETED
                    ? t('study.review')
                    : record.learnStatus === LearnStatus.STUDYING
                      ? t('study.continue')
                      : t('study.start')}
                </Button>
              )}
              {certificates.data?.some((c) => c.trainPersonId === record.trainPersonId && c.status === 'issued') && (
                <Button data-testid="course-certificate" onClick={() => navigate('/setting/personalCenter')}>
                  {t('study.next.certificate')}
                </Button>
              )}
            </div>
          ) : (
            <div className="home-hero-actions">
              <Button type="primary" onClick={() => navigate(signedIn ? '/study' : '/login?redirect=/study')}>
                {signedIn ? t('courses.notInClass') : t('courses.loginToStudy')}
              </Button>
              <IntentDialog courseName={book.name} buttonText={t('intent.open')} />
            </div>
          )}
        </div>
      </Card>
      <Card className="course-tabs">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'units',
              label: t('courses.catalogue'),
              children: (
                <List
                  loading={units.isPending}
                  dataSource={units.data ?? []}
                  renderItem={(u) => (
                    <List.Item
                      extra={formatClock(u.durationSeconds)}
                      actions={
                        enrolled
                          ? [
                              <Button
                                key="preview"
                                type="link"
                                size="small"
                                onClick={() => navigate(`/video?courseBookId=${id}&warpId=${u.courseWarpId}`)}
                              >
                                {t('courses.preview')}
                              </Button>,
                            ]
                          : []
                      }
                    >
                      {u.sortOrder}. {u.title}
                    </List.Item>
                  )}
                />
              ),
            },
            {
              key: 'comments',
              label: t('online.comments'),
              children: <CommentsPanel bookId={id} canPost={enrolled} />,
            },
            {
              key: 'discussion',
              label: t('online.discussion'),
              children: <DiscussionPanel bookId={id} canPost={enrolled} />,
            },
          ]}
        />
      </Card>
    </section>
  );
}

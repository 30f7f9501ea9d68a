import { LearnStatus } from '@anxun/shared/constants';
import '../../../lib/locales/page-texts';
import '../study.css';
import type { CertificateProgress } from '@anxun/shared/schemas/certificates';
import { WsCode } from '@anxun/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Button, Card, List, Progress, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { PendingChecks } from '../../../components/face-check/pending-checks';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { onRealtimeMessage } from '../../../lib/realtime';
import { useCertificateProgress, useClassCourses, useClassInfo, useMyClasses, type MyClass } from '../api/study-api';
import { CertificateLine } from '../components/certificate-line';
import { isExamDue } from '../components/exam-due';
import { NoClass } from '../components/no-class';
import { StatusTag } from '../components/status-tag';

function ClassInfoPanel({ trainClassId }: { trainClassId: string }) {
  const { t } = useTranslation();
  const { data } = useClassInfo(trainClassId);
  if (!data) return null;
  return (
    <div className="class-info-panel" data-testid="class-info">
      <span>
        {t('study.classmates')} {data.learnerCount}
      </span>
      <span>
        {t('study.newest')}
        {t('punct.colon')}
        {data.newestLearners.map((l) => l.name).join(t('punct.list')) || '—'}
      </span>
      <span>
        {t('study.activity')}
        {t('punct.colon')}
        {t('study.activeLearners', { count: data.activity.activeLearners })} ·{' '}
        {Math.round(data.activity.studySeconds / 60)} {t('study.minutes')}
      </span>
    </div>
  );
}

function ClassCard({ cls, certificate }: { cls: MyClass; certificate: CertificateProgress | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending } = useClassCourses(cls.trainPersonId);
  return (
    <Card className="class-card" data-testid="class-card">
      <div className="class-head">
        <Progress type="circle" percent={cls.progress} size={84} />
        <div className="class-info">
          <h3>{cls.className}</h3>
          <p>
            {t('study.teacher')}
            {t('punct.colon')}
            {cls.teacher || '—'} · {t('study.period')}
            {t('punct.colon')}
            {formatDate(cls.startDate)} ~ {formatDate(cls.endDate)}
          </p>
          <p>
            {t('study.studied')} <strong>{cls.studiedHours}</strong> / {t('study.required')} {cls.requiredHours}{' '}
            {t('study.hours')} · {t('study.courses')} {cls.completedCourses}/{cls.courseCount}
          </p>
        </div>
        <Button onClick={() => navigate(`/progress?trainPersonId=${cls.trainPersonId}`)}>{t('study.progress')}</Button>
      </div>
      <CertificateLine progress={certificate} />
      <ClassInfoPanel trainClassId={cls.trainClassId} />
      {isPending ? (
        <Skeleton active />
      ) : (
        <List
          dataSource={data?.records ?? []}
          renderItem={(c) => (
            <List.Item
              data-testid="course-item"
              actions={[
                isExamDue(c) ? (
                  <Button
                    key="go"
                    type="primary"
                    data-testid="course-exam"
                    onClick={() => navigate(`/exams?course=${c.trainClassCourseId}`)}
                  >
                    {t('study.next.exam')}
                  </Button>
                ) : (
                  <Button
                    key="go"
                    type={c.learnStatus === LearnStatus.COMPLETED ? 'default' : 'primary'}
                    onClick={() => navigate(`/show?classCourseId=${c.trainClassCourseId}`)}
                  >
                    {c.learnStatus === LearnStatus.COMPLETED
                      ? t('study.review')
                      : c.learnStatus === LearnStatus.STUDYING
                        ? t('study.continue')
                        : t('study.start')}
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta
                title={
                  <span>
                    {c.courseName} <StatusTag status={c.learnStatus} examDue={isExamDue(c)} />
                  </span>
                }
                description={
                  <>
                    <div>{c.intro}</div>
                    <Progress percent={c.sysSchedule} size="small" />
                    <div>
                      {t('study.units')} {c.completedUnits}/{c.unitCount} · {t('study.studied')} {c.studiedHours} /{' '}
                      {c.studyTimeLen} {t('study.hours')}
                    </div>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/** 我的学习: my classes with progress, and their courses with the next step; open face checks first. */
export default function StudyPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data, isPending, refetch } = useMyClasses();
  const certificates = useCertificateProgress();
  // enrolled by a training manager while this page is open: the class shows at once
  useEffect(
    () =>
      onRealtimeMessage((message) => {
        if (message.code === WsCode.ENROLLED) void client.invalidateQueries({ queryKey: ['study'] });
      }),
    [client],
  );
  if (isPending) return <Skeleton active className="page" />;
  const classes = data?.records ?? [];
  return (
    <section className="page study-page">
      <h2>{t('study.myClasses')}</h2>
      <PendingChecks onPassed={() => void client.invalidateQueries({ queryKey: ['study'] })} />
      {classes.length === 0 ? (
        <NoClass onRefresh={() => void refetch()} />
      ) : (
        classes.map((cls) => (
          <ClassCard
            key={cls.trainPersonId}
            cls={cls}
            certificate={certificates.data?.find((c) => c.trainPersonId === cls.trainPersonId)}
          />
        ))
      )}
    </section>
  );
}

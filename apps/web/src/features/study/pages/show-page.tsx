import '../../../lib/locales/page-texts';
import '../study.css';
import { useQueryClient } from '@tanstack/react-query';
import { Empty, List, Progress, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatClock } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { studyKeys, useUnits } from '../api/study-api';
import { CoursewarePlayer } from '../components/courseware-player';
import { StatusTag } from '../components/status-tag';

/** 播放: the player and the course's unit list (auto-next at the end of a unit). */
export default function ShowPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const classCourseId = params.get('classCourseId') ?? undefined;
  const client = useQueryClient();
  const { data: units, isPending } = useUnits(classCourseId);
  const [chosen, setChosen] = useState<string | undefined>(params.get('unit') ?? undefined);

  if (!classCourseId) {
    return (
      <Empty className="page" description={t('study.pickCourse')}>
        <Link to="/study">{t('study.backToStudy')}</Link>
      </Empty>
    );
  }
  if (isPending || !units) return <Skeleton active className="page" />;
  const current =
    units.find((u) => u.trainWarpCourseId === chosen) ?? units.find((u) => u.learnStatus !== 2) ?? units[0];
  if (!current) return <Empty className="page" />;

  const refresh = () => void client.invalidateQueries({ queryKey: studyKeys.units(classCourseId) });

  return (
    <section className="page show-page">
      <div className="show-main">
        <h2 data-testid="unit-title">{current.tCourseName}</h2>
        <CoursewarePlayer
          key={current.trainWarpCourseId}
          unit={current}
          onAnswer={(answer) => {
            client.setQueryData(studyKeys.units(classCourseId), (old: typeof units | undefined) =>
              old?.map((u) =>
                u.trainWarpCourseId === answer.trainWarpCourseId ? { ...u, ...answer, playUrl: u.playUrl } : u,
              ),
            );
          }}
          onEnded={() => {
            refresh();
            const next = units[units.indexOf(current) + 1];
            if (next) setChosen(next.trainWarpCourseId);
          }}
        />
      </div>
      <List
        className="show-units"
        header={t('study.units')}
        dataSource={units}
        renderItem={(u) => (
          <List.Item
            className={u.trainWarpCourseId === current.trainWarpCourseId ? 'active' : ''}
            onClick={() => setChosen(u.trainWarpCourseId)}
          >
            <div className="unit-row">
              <div>
                {u.sortOrder}. {u.tCourseName} <StatusTag status={u.learnStatus} />
              </div>
              <Progress percent={Math.round(u.sysPercentage)} size="small" />
              <small>
                {t('study.duration')} {formatClock(u.durationSeconds)} · {t('study.credited')}{' '}
                {Math.round(u.studyLength)} {t('study.seconds')}
              </small>
            </div>
          </List.Item>
        )}
      />
    </section>
  );
}

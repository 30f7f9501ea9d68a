import '../../../lib/locales/page-texts';
import '../study.css';
import { LearnStatus } from '@anxun/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PlainResult } from '../../../components/plain-result';
import { SkeletonLines } from '../../../components/skeleton-lines';
import { formatClock } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { studyKeys, useUnits } from '../api/study-api';
import { CourseDone } from '../components/course-done';
import { CoursewarePlayer } from '../components/courseware-player';
import { StatusTag } from '../components/status-tag';
import { UnitProgress } from '../components/unit-progress';

/**
 * 播放: the player and the course's unit list. At the end of a unit (its end check passed)
 * the next one starts; after the last the player stays on it and offers the next step.
 * Plain markup, like 我的学习: a learner's phone runs none of antd here until a face check,
 * a PDF unit or a toast brings it.
 */
export default function ShowPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const classCourseId = params.get('classCourseId') ?? undefined;
  const client = useQueryClient();
  const { data: units, isPending } = useUnits(classCourseId);
  const [chosen, setChosen] = useState<string | undefined>(params.get('unit') ?? undefined);
  /** the unit the page opened on when none was asked for: kept while its record changes */
  const opened = useRef<string | undefined>(undefined);
  /** moved on by itself at the end of a unit: the next one plays at once */
  const [autoPlay, setAutoPlay] = useState(false);
  /** 本次已计入: what this page has been credited, across the units played on it */
  const [creditedNow, setCreditedNow] = useState(0);
  /** units whose playing the server accepted on this page: 学习中 before their first credit, not 未开始 */
  const [started, setStarted] = useState<ReadonlySet<string>>(new Set());

  const backToStudy = (
    <Link to="/study" className="plain-btn">
      {t('study.backToStudy')}
    </Link>
  );
  if (!classCourseId) {
    return <PlainResult tone="info" className="page" title={t('study.pickCourse')} actions={backToStudy} />;
  }
  if (isPending || !units) return <SkeletonLines lines={4} className="page" />;
  // the first unit not yet complete — chosen once: completing it must not switch the player away
  opened.current ??= (units.find((u) => u.learnStatus !== LearnStatus.COMPLETED) ?? units.at(-1))?.trainWarpCourseId;
  const current = units.find((u) => u.trainWarpCourseId === (chosen ?? opened.current)) ?? units[0];
  if (!current) return <PlainResult tone="info" className="page" title={t('study.noUnits')} actions={backToStudy} />;
  const allDone = units.every((u) => u.learnStatus === LearnStatus.COMPLETED);

  const refresh = () => {
    void client.invalidateQueries({ queryKey: studyKeys.units(classCourseId) });
    void client.invalidateQueries({ queryKey: ['study', 'courses'] });
  };

  return (
    <section className="page show-page">
      <div className="show-main">
        <h1 data-testid="unit-title">{current.tCourseName}</h1>
        <CoursewarePlayer
          key={current.trainWarpCourseId}
          unit={current}
          autoPlay={autoPlay}
          creditedNow={creditedNow}
          onAnswer={(answer) => {
            setCreditedNow((c) => c + answer.creditedSeconds);
            if (!answer.refusal && !started.has(answer.trainWarpCourseId)) {
              setStarted((s) => new Set(s).add(answer.trainWarpCourseId));
            }
            client.setQueryData(studyKeys.units(classCourseId), (old: typeof units | undefined) =>
              old?.map((u) =>
                u.trainWarpCourseId === answer.trainWarpCourseId ? { ...u, ...answer, playUrl: u.playUrl } : u,
              ),
            );
          }}
          onUnitDone={() => {
            refresh();
            const next = units[units.indexOf(current) + 1];
            // stay on the last unit: the course's next step shows below it
            setChosen(next ? next.trainWarpCourseId : current.trainWarpCourseId);
            setAutoPlay(Boolean(next));
          }}
        />
        {allDone && <CourseDone trainPersonId={current.trainPersonId} classCourseId={classCourseId} />}
      </div>
      <nav className="show-units" aria-labelledby="show-units-title">
        <h2 id="show-units-title">{t('study.units')}</h2>
        <ul>
          {units.map((u) => {
            const active = u.trainWarpCourseId === current.trainWarpCourseId;
            return (
              <li key={u.trainWarpCourseId} data-testid="show-unit">
                <button
                  type="button"
                  className={`show-unit-row${active ? ' active' : ''}`}
                  aria-current={active ? 'true' : undefined}
                  onClick={() => {
                    setAutoPlay(false);
                    setChosen(u.trainWarpCourseId);
                  }}
                >
                  <span>
                    {u.sortOrder}. {u.tCourseName}{' '}
                    <StatusTag
                      status={
                        u.learnStatus === LearnStatus.NOT_STARTED && started.has(u.trainWarpCourseId)
                          ? LearnStatus.STUDYING
                          : u.learnStatus
                      }
                    />
                  </span>
                  <UnitProgress percent={u.sysPercentage} status={u.learnStatus} name={u.tCourseName} />
                  <small>
                    {u.kind === 'document' && u.pageCount
                      ? t('study.pages', { count: u.pageCount })
                      : `${t('study.duration')} ${formatClock(u.durationSeconds)}`}{' '}
                    · {t('study.credited')} {Math.round(u.studyLength)} {t('study.seconds')}
                  </small>
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
    </section>
  );
}

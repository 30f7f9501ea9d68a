import { LearnStatus } from '@anxun/shared/constants';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { ProgressLine } from '../../../components/plain-progress';
import { StatusTag } from './status-tag';
import { UnitProgress } from './unit-progress';

/** A course of 课程进度 with its units, or a unit. */
export interface ProgressRow {
  key: string;
  name: string;
  percent: number;
  studied: string;
  count: number;
  last: string | null;
  status: number;
  examDue: boolean;
  /** where its button goes: the player at this course or unit, or the course's exam */
  show: string;
}
export interface CourseRow extends ProgressRow {
  units: ProgressRow[];
}

/** A course's share as the server says (100 % while its exam waits); a unit's with its tick when complete. */
function RowProgress({ row, unit }: { row: ProgressRow; unit: boolean }) {
  const { t } = useTranslation();
  return unit ? (
    <UnitProgress percent={row.percent} status={row.status} name={row.name} />
  ) : (
    <ProgressLine
      label={t('study.progressOf', { name: row.name })}
      percent={row.status === LearnStatus.COMPLETED ? 100 : Math.round(row.percent)}
      done={row.status === LearnStatus.COMPLETED}
    />
  );
}

function GoLink({ row }: { row: ProgressRow }) {
  const { t } = useTranslation();
  return (
    <Link to={row.show} className="plain-link">
      {row.examDue ? t('study.next.exam') : row.status === LearnStatus.COMPLETED ? t('study.review') : t('study.go')}
    </Link>
  );
}

/**
 * A desktop's table: each course with its units beneath, open until the learner folds it.
 * Plain markup (课程进度 loads no antd).
 */
export function ProgressTable({ courses }: { courses: CourseRow[] }) {
  const { t } = useTranslation();
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setFolded((f) => {
      const next = new Set(f);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const cells = (row: ProgressRow, unit: boolean) => (
    <>
      <td className="progress-table-bar">
        <RowProgress row={row} unit={unit} />
      </td>
      <td>{row.studied}</td>
      <td>{row.count}</td>
      <td>{formatDateTime(row.last)}</td>
      <td>
        <StatusTag status={row.status} examDue={row.examDue} />
      </td>
      <td>
        <GoLink row={row} />
      </td>
    </>
  );
  return (
    <table className="progress-table" data-testid="progress-table">
      <thead>
        <tr>
          <th scope="col">{t('study.courseOrUnit')}</th>
          <th scope="col">{t('study.watched')}</th>
          <th scope="col">{t('study.studiedRequired')}</th>
          <th scope="col">{t('study.studyCount')}</th>
          <th scope="col">{t('study.lastDate')}</th>
          <th scope="col">{t('study.status')}</th>
          <td />
        </tr>
      </thead>
      {courses.map((course) => {
        const open = !folded.has(course.key);
        return (
          <tbody key={course.key}>
            <tr className="progress-course-row" data-testid="progress-course">
              <th scope="row">
                <button
                  type="button"
                  className="progress-fold"
                  aria-expanded={open}
                  aria-label={t(open ? 'study.fold' : 'study.unfold', { name: course.name })}
                  disabled={course.units.length === 0}
                  onClick={() => toggle(course.key)}
                >
                  {open ? '−' : '+'}
                </button>
                {course.name}
              </th>
              {cells(course, false)}
            </tr>
            {open &&
              course.units.map((unit) => (
                <tr key={unit.key} className="progress-unit-row" data-testid="progress-unit">
                  <th scope="row">{unit.name}</th>
                  {cells(unit, true)}
                </tr>
              ))}
          </tbody>
        );
      })}
    </table>
  );
}

/** On a phone each course is a card with its units listed: nothing scrolls sideways. */
export function ProgressCards({ courses }: { courses: CourseRow[] }) {
  const { t } = useTranslation();
  const line = (row: ProgressRow, unit: boolean) => (
    <div className="progress-card-line">
      <RowProgress row={row} unit={unit} />
      <small>
        {t('study.studiedRequired')} {row.studied} · {t('study.studyCount')} {row.count} · {t('study.lastDate')}{' '}
        <span className="nowrap">{formatDateTime(row.last)}</span>
      </small>
    </div>
  );
  return (
    <div className="progress-cards" data-testid="progress-cards">
      {courses.map((course) => (
        <div key={course.key} className="progress-card" data-testid="progress-course">
          <div className="progress-card-head">
            <h3>
              {course.name} <StatusTag status={course.status} examDue={course.examDue} />
            </h3>
            <GoLink row={course} />
          </div>
          {line(course, false)}
          <ul>
            {course.units.map((unit) => (
              <li key={unit.key} data-testid="progress-unit">
                <Link to={unit.show} className="progress-card-unit">
                  <span className="progress-card-unit-name">
                    {unit.name} <StatusTag status={unit.status} />
                  </span>
                  {line(unit, true)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

import '../../../lib/locales/page-texts';
import '../locales/courses-texts';
import '../courses.css';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import '../../../components/plain-controls.css';
import { Panel } from '../../../components/panel';
import { SkeletonLines } from '../../../components/skeleton-lines';
import { useOnceTrue } from '../../../lib/use-once-true';
import { LightPagination } from '../../../components/light-pagination';
import { useDeferredValue, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { greetingKey } from '../../../shell/greeting';
import defaultLogo from '../../../shell/default-logo.svg';
import { useOrg } from '../../../shell/use-org';
import { useUser } from '../../../stores/user-store';
import { useCourseList, useHotCourses } from '../api/courses-api';
import { CourseCard } from '../components/course-card';
import { IntentDialog } from '../components/intent-dialog';
import { NewestLearners } from '../components/newest-learners';
import { Testimonials } from '../components/testimonials';

/** 首页: the organisation's banner and greeting, popular courses, the catalogue, what learners say and who joined. */
export default function IndexPage() {
  const { t } = useTranslation();
  const username = useUser((s) => s.username);
  const token = useUser((s) => s.token);
  const org = useOrg();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const hot = useHotCourses();
  const list = useCourseList(name, page);
  // the first load only: a later search or page keeps the page as it is. Drawn as a
  // transition: the lists, cards and community blocks render in slices a phone can answer
  // input between, not in the one long task that a query's answer would otherwise start
  const settled = useDeferredValue(useOnceTrue(!hot.isPending && !list.isPending));
  const [typed, setTyped] = useState('');
  const search = (event: FormEvent) => {
    event.preventDefault();
    setName(typed.trim());
    setPage(1);
  };
  return (
    <section className="page home-page">
      <Panel className="home-hero" data-testid="org-banner">
        <div className="home-hero-org">
          <img src={org.data?.logoUrl ?? defaultLogo} alt="" className="home-hero-logo" width={48} height={48} />
          <div>
            <div className="home-hero-orgname" data-testid="org-name">
              {org.data?.baseOrgName ?? ''}
            </div>
            <p>{t('app.title')}</p>
          </div>
        </div>
        <h1>
          {t(`greeting.${greetingKey(new Date().getHours())}`)}
          {token ? `${t('greeting.separator')}${username}` : ''}
        </h1>
        <p className="home-hero-lead">{t('courses.heroLead')}</p>
        <div className="home-hero-actions">
          <button type="button" className="plain-btn primary" onClick={() => navigate('/study')}>
            {t('header.myStudy')}
          </button>
          <IntentDialog buttonText={t('intent.open')} />
        </div>
      </Panel>
      {/* below the banner, everything appears at once when the first lists are in: nothing
          drawn early is pushed down by what arrives later (Lighthouse's layout shift), and the
          placeholder keeps the footer out of view meanwhile */}
      {!settled ? (
        <SkeletonLines lines={6} className="home-loading" />
      ) : (
        <>
          <h2>{t('courses.hot')}</h2>
          {hot.isPending ? null : (
            <div className="course-grid">
              {(hot.data?.records ?? []).map((b) => (
                <CourseCard key={b.courseBookId} book={b} />
              ))}
            </div>
          )}
          <div className="catalogue-head">
            <h2>{t('courses.all')}</h2>
            <form role="search" className="catalogue-search" onSubmit={search}>
              <input
                type="search"
                value={typed}
                placeholder={t('courses.search')}
                aria-label={t('courses.search')}
                onChange={(e) => {
                  setTyped(e.target.value);
                  // emptied (typed away or the field's clear button): the whole catalogue again
                  if (e.target.value === '' && name !== '') {
                    setName('');
                    setPage(1);
                  }
                }}
              />
              <button type="submit" aria-label={t('courses.search')}>
                <SearchOutlined aria-hidden />
              </button>
            </form>
          </div>
          {list.data && list.data.records.length === 0 ? (
            <p className="home-empty">{t('courses.none')}</p>
          ) : (
            <div className="course-grid">
              {(list.data?.records ?? []).map((b) => (
                <CourseCard key={b.courseBookId} book={b} />
              ))}
            </div>
          )}
          {(list.data?.total ?? 0) > 8 && (
            <LightPagination current={page} pageSize={8} total={list.data?.total ?? 0} onChange={setPage} />
          )}
          <div className="home-community">
            <Testimonials />
            <NewestLearners />
          </div>
        </>
      )}
    </section>
  );
}

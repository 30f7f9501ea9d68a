import { Breadcrumb } from 'antd';
import { useTranslation } from '../lib/i18n';
import { Link, useLocation } from 'react-router';
import { findRoute } from './route-config';

/** Breadcrumbs from the matched route's title (spec §2). */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  const items = [{ title: <Link to="/index">{t('route.index')}</Link> }];
  if (route && route.path !== '/index') items.push({ title: <span>{t(route.title)}</span> });
  return <Breadcrumb className="breadcrumbs" items={items} />;
}

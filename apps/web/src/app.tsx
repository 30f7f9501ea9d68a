import { DEFAULT_ORG_CODE, PAGE_TITLE } from '@anxun/shared/constants';
import { useEffect, useState } from 'react';

interface OrgInfo {
  baseOrgName: string;
  logoUrl: string | null;
}

/**
 * Placeholder until the web-shell issue lands: shows the organisation the site serves and
 * that the API answers, so a newcomer sees a working server at http://127.0.0.1:10000.
 */
export function App() {
  const [org, setOrg] = useState<OrgInfo | null>(null);
  const [apiState, setApiState] = useState<'checking' | 'ok' | 'down'>('checking');

  useEffect(() => {
    const code = new URLSearchParams(window.location.search).get('OrgCode') ?? DEFAULT_ORG_CODE;
    fetch(`/api/base/baseorg/select-code/${encodeURIComponent(code)}`)
      .then((r) => r.json() as Promise<{ code: number; data: OrgInfo | null }>)
      .then((body) => setOrg(body.data))
      .catch(() => setOrg(null));
    fetch('/api/health')
      .then((r) => setApiState(r.ok ? 'ok' : 'down'))
      .catch(() => setApiState('down'));
  }, []);

  return (
    <main className="placeholder">
      <header>
        <h1>安训</h1>
        <p className="subtitle">{PAGE_TITLE}</p>
      </header>
      <section className="card">
        <p className="org">{org ? org.baseOrgName : '—'}</p>
        <p>
          服务状态：
          <strong className={apiState}>
            {apiState === 'ok' ? '正常' : apiState === 'down' ? '无法连接' : '检查中…'}
          </strong>
        </p>
        <p className="note">
          学习页面正在建设中。接口文档见 <a href="/api/docs">/api/docs</a>。
        </p>
      </section>
    </main>
  );
}

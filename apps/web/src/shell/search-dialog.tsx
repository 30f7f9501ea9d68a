import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { Suspense, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import { useOnceTrue } from '../lib/use-once-true';
import { lazyWithAntd } from '../app/antd-lazy';

const SearchDialog = lazyWithAntd(() => import('./search-dialog-body'));

/** The header's search button; its dialog (spec §2) is loaded when first opened. */
export function SearchWidget() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const loaded = useOnceTrue(open);
  return (
    <>
      <button
        type="button"
        className="header-widget optional-on-mobile"
        aria-label={t('search.title')}
        onClick={() => setOpen(true)}
      >
        <SearchOutlined />
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <SearchDialog open={open} setOpen={setOpen} />
        </Suspense>
      )}
    </>
  );
}

import { AutoComplete, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { SEARCH_DELAY_MS } from '@anxun/shared/constants';
import type { SearchSuggestion as Suggestion } from '@anxun/shared/schemas/shell';
import { api } from '../lib/api-client';
import { useTranslation } from '../lib/i18n';

/**
 * Search (spec §2): a 40 % wide dialog; suggestions from /search/getList after 500 ms;
 * choosing one opens its url in a new window, anything else becomes a web search.
 */
export default function SearchDialog({ open, setOpen }: { open: boolean; setOpen(open: boolean): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<Suggestion[]>([]);

  useEffect(() => {
    const word = text.trim().toLowerCase();
    if (!word) {
      setOptions([]);
      return;
    }
    const timer = setTimeout(() => {
      api
        .get<{ list: Suggestion[] }>('/search/getList', { query: { searchWord: word }, silent: true })
        .then((res) => setOptions(res.list.filter((s) => s.value.toLowerCase().includes(word))))
        .catch(() => setOptions([]));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const go = (value: string) => {
    const match = options.find((o) => o.value === value);
    const url = match ? match.url : `https://www.baidu.com/s?wd=${encodeURIComponent(value)}`;
    window.open(url, '_blank', 'noopener');
    setOpen(false);
    setText('');
  };

  return (
    <Modal
      open={open}
      onCancel={() => setOpen(false)}
      footer={null}
      width="40%"
      title={t('search.title')}
      destroyOnHidden
    >
      <AutoComplete
        autoFocus
        style={{ width: '100%' }}
        value={text}
        options={options.map((o) => ({ value: o.value, label: o.value }))}
        onChange={setText}
        onSelect={go}
        onInputKeyDown={(e) => e.key === 'Enter' && text.trim() && !options.length && go(text.trim())}
        placeholder={t('search.placeholder')}
        aria-label={t('search.title')}
      />
    </Modal>
  );
}

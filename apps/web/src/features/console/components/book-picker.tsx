import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useBooks } from '../api/console-api';
import { useSearchText } from '../lib/use-search-text';

type Option = { value: string; label: string };

export const bookLabel = (b: { name: string; classHours: number }) => `${b.name}（${b.classHours} 学时）`;

/**
 * A class's courses, in the order picked, from the organisation's catalogue: the newest 20 at
 * first, and what the typed name finds on the server (a catalogue of any size). The chosen
 * courses keep their names while others are listed.
 */
export function BookPicker({
  id,
  value,
  onChange,
  known,
}: {
  /** from the form: the label points at the field by it (a screen reader names the box 课程) */
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  /** the class's courses as it holds them (their names, before any search finds them) */
  known: readonly Option[];
}) {
  const { t } = useTranslation();
  const { typed, setTyped, q } = useSearchText();
  const books = useBooks(q);
  const [labels, setLabels] = useState(() => new Map(known.map((o) => [o.value, o.label])));
  const found: Option[] = (books.data?.records ?? []).map((b) => ({ value: b.courseBookId, label: bookLabel(b) }));
  const chosen: Option[] = (value ?? [])
    .filter((id) => !found.some((o) => o.value === id))
    .map((id) => ({ value: id, label: labels.get(id) ?? id }));
  const empty = !books.isPending && q === '' && found.length === 0;
  return (
    <Select<string[], Option>
      id={id}
      mode="multiple"
      data-testid="class-books"
      value={value ?? []}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      // closed without a choice: the next opening lists from the start, as its empty field says
      onOpenChange={(open) => {
        if (!open) setTyped('');
      }}
      loading={books.isFetching}
      options={[...chosen, ...found]}
      // a new organisation has none yet: where they come from
      notFoundContent={books.isPending ? undefined : empty ? t('console.noBooksYet') : t('console.noBooksFound')}
      onChange={(ids, options) => {
        setLabels(
          (m) => new Map([...m, ...(Array.isArray(options) ? options : []).map((o) => [o.value, o.label] as const)]),
        );
        setTyped('');
        onChange?.(ids);
      }}
    />
  );
}

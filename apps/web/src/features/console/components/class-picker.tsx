import { Select, type SelectProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useClassPage } from '../api/console-api';
import { useSearchText } from '../lib/use-search-text';

type Option = { value: string; label: string };

/**
 * A class chosen from the organisation's: the newest 20 at first, and what the typed name finds
 * on the server (so a class older than any fixed list is found too). The chosen class keeps its
 * name while other classes are listed.
 */
export function ClassPicker(
  props: Omit<SelectProps<string, Option>, 'options' | 'showSearch' | 'onChange' | 'mode'> & {
    onChange?: (value: string | undefined) => void;
    /** the organisation's only class is chosen at once (there is nothing else to choose) */
    chooseSole?: boolean;
  },
) {
  const { onChange, chooseSole = false, ...rest } = props;
  const { setTyped, q } = useSearchText();
  const [chosen, setChosen] = useState<Option | undefined>();
  const page = useClassPage({ q, current: 1 });
  const found: Option[] = (page.data?.records ?? []).map((c) => ({ value: c.id, label: c.name }));
  // once: a manager who then clears it means it
  const soleChosen = useRef(false);
  const sole = chooseSole && !q && page.data?.total === 1 ? found[0] : undefined;
  useEffect(() => {
    if (!sole || soleChosen.current || rest.value) return;
    soleChosen.current = true;
    setChosen(sole);
    onChange?.(sole.value);
  }, [sole, onChange, rest.value]);
  const options = chosen && !found.some((o) => o.value === chosen.value) ? [chosen, ...found] : found;
  return (
    <Select<string, Option>
      {...rest}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      // closed without a choice: the next opening lists from the start, as its empty field says
      onOpenChange={(open) => {
        if (!open) setTyped('');
      }}
      loading={page.isFetching}
      options={options}
      onChange={(value, option) => {
        setChosen(Array.isArray(option) ? undefined : option);
        setTyped('');
        onChange?.(value);
      }}
    />
  );
}

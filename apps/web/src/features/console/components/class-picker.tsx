import { Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { useClassPage } from '../api/console-api';

type Option = { value: string; label: string };

/**
 * A class chosen from the organisation's: the newest 20 at first, and what the typed name finds
 * on the server (so a class older than any fixed list is found too). The chosen class keeps its
 * name while other classes are listed.
 */
export function ClassPicker(
  props: Omit<SelectProps<string, Option>, 'options' | 'showSearch' | 'onChange' | 'mode'> & {
    onChange?: (value: string | undefined) => void;
  },
) {
  const { onChange, ...rest } = props;
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<Option | undefined>();
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const page = useClassPage({ q, current: 1 });
  const found: Option[] = (page.data?.records ?? []).map((c) => ({ value: c.id, label: c.name }));
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

import { useRef, useState } from 'react';

/** Each field's check: the message to show, or undefined when the value is fine (the other values at hand). */
export type FieldChecks<F extends string> = Record<F, (value: string, values: Record<F, string>) => string | undefined>;

/**
 * A plain form's values and messages, checked as antd's Form checks them: a field once it
 * is left after an edit, all of them on submit; and then again as they change, so a message
 * goes as soon as it is fixed — also one that depends on another field (a confirmation that
 * no longer matches). A field left untouched (focus passing through, the form just emptied)
 * says nothing. `bind` gives an input its value, handlers and `aria-invalid`.
 */
export function useFieldChecks<F extends string>(checks: FieldChecks<F>) {
  const fields = Object.keys(checks) as F[];
  const empty = () => Object.fromEntries(fields.map((k) => [k, ''])) as Record<F, string>;
  const [values, setValues] = useState<Record<F, string>>(empty);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  /** edited since the form was last emptied */
  const edited = useRef(new Set<F>());
  /** checked at least once: from then on checked as it (or another field) changes */
  const checked = useRef(new Set<F>());
  const check = (field: F, all = values): boolean => {
    checked.current.add(field);
    const error = checks[field](all[field], all);
    setErrors((e) => ({ ...e, [field]: error }));
    return !error;
  };
  return {
    values,
    errors,
    check,
    /** every field checked; true when all are fine */
    checkAll: () => fields.map((f) => check(f)).every(Boolean),
    reset: () => {
      edited.current.clear();
      checked.current.clear();
      setValues(empty());
      setErrors({});
    },
    bind: (field: F) => ({
      value: values[field],
      onChange: (e: { target: { value: string } }) => {
        const next = { ...values, [field]: e.target.value };
        setValues(next);
        edited.current.add(field);
        for (const f of fields) if (checked.current.has(f)) check(f, next);
      },
      onBlur: () => {
        if (edited.current.has(field)) check(field);
      },
      'aria-invalid': Boolean(errors[field]),
    }),
  };
}

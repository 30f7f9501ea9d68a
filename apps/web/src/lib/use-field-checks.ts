import { useState } from 'react';

/** Each field's check: the message to show, or undefined when the value is fine (the other values at hand). */
export type FieldChecks<F extends string> = Record<F, (value: string, values: Record<F, string>) => string | undefined>;

/**
 * A plain form's values and messages: a field is checked when it loses focus and all of them
 * on submit, as antd's Form does (and the login form). `bind` gives an input its value,
 * handlers and `aria-invalid`.
 */
export function useFieldChecks<F extends string>(checks: FieldChecks<F>) {
  const empty = () => Object.fromEntries(Object.keys(checks).map((k) => [k, ''])) as Record<F, string>;
  const [values, setValues] = useState<Record<F, string>>(empty);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const check = (field: F, all = values): boolean => {
    const error = checks[field](all[field], all);
    setErrors((e) => ({ ...e, [field]: error }));
    return !error;
  };
  return {
    values,
    errors,
    check,
    /** every field checked; true when all are fine */
    checkAll: () => (Object.keys(checks) as F[]).map((f) => check(f)).every(Boolean),
    reset: () => {
      setValues(empty());
      setErrors({});
    },
    bind: (field: F) => ({
      value: values[field],
      onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
      onBlur: () => check(field),
      'aria-invalid': Boolean(errors[field]),
    }),
  };
}

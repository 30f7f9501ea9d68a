import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import { localiseText, useTranslation } from '../lib/i18n';
import './plain-controls.css';

/**
 * A labelled field of a plain form (antd's vertical Form.Item): the label above, the input
 * (given the label's id and its message's) with an `action` beside it (a code's send button),
 * the check's message below in red. A required field (the default) has antd's red mark before
 * its label, and says so to a screen reader.
 */
export function PlainField({
  label,
  error,
  action,
  required = true,
  children,
}: {
  label: string;
  error: string | undefined;
  action?: ReactNode;
  required?: boolean;
  children: ReactElement<{ id?: string; 'aria-describedby'?: string; 'aria-required'?: boolean }>;
}) {
  const { language } = useTranslation();
  const id = useId();
  const input = cloneElement(children, {
    id,
    'aria-describedby': `${id}-error`,
    'aria-required': required || undefined,
  });
  return (
    <div className={`login-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id} className={`plain-field-label${required ? ' required' : ''}`}>
        {label}
      </label>
      {action ? (
        <div className="code-row">
          {input}
          {action}
        </div>
      ) : (
        input
      )}
      <div id={`${id}-error`} className="login-field-error" role="alert">
        {error && localiseText(language, error)}
      </div>
    </div>
  );
}

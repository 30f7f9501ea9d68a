import './plain-controls.css';

/**
 * A text box drawn like antd's TextArea with `showCount` and `autoSize`: it grows with its
 * text between `minRows` and `maxRows` lines (CSS `field-sizing`; a browser without it keeps
 * `minRows` and scrolls), and counts what was typed against `maxLength` below it.
 */
export function PlainTextarea({
  value,
  onChange,
  maxLength,
  minRows = 2,
  maxRows = 6,
  placeholder,
  label,
}: {
  value: string;
  onChange(value: string): void;
  maxLength: number;
  minRows?: number;
  maxRows?: number;
  placeholder?: string;
  /** what a screen reader calls the box */
  label: string;
}) {
  return (
    <span className="plain-textarea">
      <textarea
        className="plain-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={maxLength}
        rows={minRows}
        placeholder={placeholder}
        aria-label={label}
        // 1.5 lines each, and the padding and border (7 + 7 + 1 + 1 px)
        style={{ minHeight: `calc(${minRows * 1.5}em + 16px)`, maxHeight: `calc(${maxRows * 1.5}em + 16px)` }}
      />
      <span className="plain-textarea-count" aria-hidden="true">
        {value.length} / {maxLength}
      </span>
    </span>
  );
}

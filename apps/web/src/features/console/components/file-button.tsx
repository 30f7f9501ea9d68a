import { Button, type ButtonProps } from 'antd';
import { useRef, type ReactNode } from 'react';

/** A button that picks a file (or, with `multiple`, several; the input itself stays hidden) and hands each over. */
export function FileButton({
  accept,
  onFile,
  children,
  testId,
  multiple,
  ...button
}: Omit<ButtonProps, 'onClick'> & {
  accept: string;
  onFile(file: File): void;
  children: ReactNode;
  testId?: string;
  multiple?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        // a style, not the hidden attribute: form styles may set display on file inputs
        style={{ display: 'none' }}
        accept={accept}
        multiple={multiple}
        data-testid={testId}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          for (const file of files) onFile(file);
        }}
      />
    </>
  );
}

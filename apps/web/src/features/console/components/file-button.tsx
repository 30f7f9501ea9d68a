import { Button, type ButtonProps } from 'antd';
import { useRef, type ReactNode } from 'react';

/** A button that picks one file (the input itself stays hidden) and hands it over. */
export function FileButton({
  accept,
  onFile,
  children,
  testId,
  ...button
}: Omit<ButtonProps, 'onClick'> & { accept: string; onFile(file: File): void; children: ReactNode; testId?: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}

import type { Ref } from 'react';

/**
 * A hidden file input for one image (JPG, PNG or WEBP) that a button opens through `ref`: it
 * hands the picked file on and forgets it, so the same file may be picked again.
 */
export function ImageFileInput({
  ref,
  testId,
  onPick,
}: {
  ref: Ref<HTMLInputElement>;
  testId: string;
  onPick(file: File): void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept="image/jpeg,image/png,image/webp"
      hidden
      data-testid={testId}
      onChange={(e) => {
        const picked = e.target.files?.[0];
        e.target.value = '';
        if (picked) onPick(picked);
      }}
    />
  );
}

/**
 * One HTTP byte range (RFC 9110 §14.1.2) against a file of `size` bytes: 'bytes=a-b',
 * 'bytes=a-' or 'bytes=-n'. Returns the inclusive range, 'unsatisfiable' (→ 416), or
 * undefined when there is no usable single range (→ the whole file, 200).
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined; // several ranges or another unit: send it all
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

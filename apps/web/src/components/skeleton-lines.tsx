import './plain-controls.css';

/** Grey lines while a list loads: antd's Skeleton drawn plain, for the pages drawn without antd. */
export function SkeletonLines({ lines, className }: { lines: number; className: string }) {
  return (
    <div className={className} aria-busy="true">
      {Array.from({ length: lines }, (_, n) => (
        <div key={n} className="skeleton-line" />
      ))}
    </div>
  );
}

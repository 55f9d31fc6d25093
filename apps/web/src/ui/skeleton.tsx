import styles from './skeleton.module.css';

/** Props of {@link Skeleton}. */
export interface SkeletonProps {
  width?: number | string;
  height?: number | string;
  radius?: number | string;
}

/** A shimmering block that holds the place of content still loading. */
export function Skeleton({ width = '100%', height = 14, radius }: SkeletonProps) {
  return <span className={styles.skeleton} style={{ width, height, borderRadius: radius }} aria-hidden="true" />;
}

/** One note-shaped skeleton: avatar, name line and three text lines. */
export function NoteSkeleton() {
  return (
    <div className={styles.note} aria-hidden="true">
      <Skeleton width={48} height={48} radius="50%" />
      <div className={styles.lines}>
        <Skeleton width="40%" />
        <Skeleton />
        <Skeleton />
        <Skeleton width="65%" />
      </div>
    </div>
  );
}

/** Props of {@link SkeletonList}. */
export interface SkeletonListProps {
  count?: number;
  /** Announced to screen readers while loading. */
  label: string;
}

/** A busy region of note skeletons, announced once by its label. */
export function SkeletonList({ count = 5, label }: SkeletonListProps) {
  return (
    <div role="status" aria-busy="true" aria-label={label} data-testid="skeleton-list">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders have no other identity
        <NoteSkeleton key={i} />
      ))}
    </div>
  );
}

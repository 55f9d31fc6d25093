import { Skeleton } from './skeleton.tsx';

/** Three short lines holding the place of a sidebar list. */
export function SidebarSkeleton() {
  return (
    <div style={{ display: 'grid', gap: 10 }} aria-hidden="true">
      <Skeleton width="80%" />
      <Skeleton width="60%" />
      <Skeleton width="70%" />
    </div>
  );
}

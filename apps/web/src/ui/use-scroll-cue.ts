import { type RefObject, useEffect } from 'react';

/** Which ends of a horizontally scrolling box have more to see: '', 'start', 'end' or 'both'. */
export function scrollCueOf(box: { scrollLeft: number; scrollWidth: number; clientWidth: number }): string {
  const hidden = box.scrollWidth - box.clientWidth;
  if (hidden <= 1) return '';
  const start = box.scrollLeft > 1;
  const end = box.scrollLeft < hidden - 1;
  return start && end ? 'both' : start ? 'start' : end ? 'end' : '';
}

/**
 * Keeps `data-more` on a horizontally scrolling box up to date (scroll, resize, content change), so its CSS can fade
 * the edge that hides more items: a tab bar wider than its column shows that it scrolls.
 */
export function useScrollCue(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      const cue = scrollCueOf(box);
      if (cue) box.dataset.more = cue;
      else delete box.dataset.more;
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(box);
    for (const child of Array.from(box.children)) observer?.observe(child);
    return () => {
      box.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  });
}

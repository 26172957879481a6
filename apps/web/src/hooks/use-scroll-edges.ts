import { useEffect, useState, type RefObject } from 'react';

/**
 * Which sides of a sideways-scrolling box hide more of its content: a strip of tabs or a wide
 * table on a phone fades (or says so) on that side, so nothing looks cut off for good. It follows
 * the box's scroll and the size of the box and of what it holds (rows that arrive later).
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>) {
  const [more, setMore] = useState({ before: false, after: false });

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      const end = box.scrollWidth - box.clientWidth;
      // A pixel of slack: zoomed screens scroll by fractions and stop just short of either end.
      const next = { before: box.scrollLeft > 1, after: box.scrollLeft < end - 1 };
      setMore((now) => (now.before === next.before && now.after === next.after ? now : next));
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(box);
    if (box.firstElementChild) resized.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', update);
      resized.disconnect();
    };
  }, [ref]);

  return more;
}

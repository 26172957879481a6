import type { MouseEvent } from 'react';

/** A plain left click, not taken yet: one the app may handle (a modified click opens a tab or window). */
export function isPlainClick(event: MouseEvent<Element>): boolean {
  return (
    !event.defaultPrevented && event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

import { Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useLocation } from 'react-router';
import { MenuIcon } from '../../components/ui/shell-icons';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import headerStyles from './header.module.css';

// The sheet (and Radix with it) loads when first wanted, keeping it out of the first page load.
const NavDrawerSheet = lazyWithPreload(() => import('./nav-drawer-sheet'));

// The header is drawn twice at start: while the first page loads, then with it. The sheet's state
// lives outside both, so a tap on the menu while the page loads still opens it.
let sheet = { open: false, wanted: false };
const sheetListeners = new Set<() => void>();
const subscribeSheet = (listener: () => void) => {
  sheetListeners.add(listener);
  return () => sheetListeners.delete(listener);
};
const sheetState = () => sheet;
const setOpen = (open: boolean) => {
  sheet = { open, wanted: sheet.wanted || open };
  for (const listener of sheetListeners) listener();
};

/** The menu button of small screens (spec §2: a drawer repeats the header's links). */
export function NavDrawer() {
  const { t } = useTranslation();
  const location = useLocation();
  const { open, wanted } = useSyncExternalStore(subscribeSheet, sheetState, sheetState);
  const shownAt = useRef(location.key);

  // A navigation (a link in the sheet, or the browser's back button) closes the sheet; drawing this
  // header for the first time does not.
  useEffect(() => {
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    setOpen(false);
  }, [location.key]);

  return (
    <>
      <button
        type="button"
        className={`${headerStyles.iconButton} ${headerStyles.menuButton}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t('shell.drawer.open')}
        onPointerEnter={() => void NavDrawerSheet.preload()}
        onFocus={() => void NavDrawerSheet.preload()}
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <NavDrawerSheet open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

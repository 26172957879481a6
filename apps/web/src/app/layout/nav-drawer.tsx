import { Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useLocation } from 'react-router';
import { MenuIcon } from '../../components/ui/shell-icons';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import headerStyles from './header.module.css';

// The sheet (and Radix with it) loads when first wanted, keeping it out of the first page load.
const NavDrawerSheet = lazyWithPreload(() => import('./nav-drawer-sheet'));

/** The menu button of small screens (spec §2: a drawer repeats the header's links). */
export function NavDrawer() {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [shownAt, setShownAt] = useState(location.key);

  // A navigation (a link in the sheet, or the browser's back button) closes the sheet.
  if (shownAt !== location.key) {
    setShownAt(location.key);
    if (open) setOpen(false);
  }

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
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
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

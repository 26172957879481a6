import { useTranslation } from '../../lib/i18n';
import { MoonIcon, SunIcon } from '../../components/ui/shell-icons';
import { toggleTheme, useTheme } from '../../lib/theme';
import styles from './header.module.css';

/** Light or dark (spec §4): a pressed 'dark theme' button, showing the theme it switches to. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-pressed={dark}
      aria-label={t('shell.theme.dark')}
      title={t(dark ? 'shell.theme.switchToLight' : 'shell.theme.switchToDark')}
      onClick={() => toggleTheme()}
      data-testid="theme-toggle"
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}

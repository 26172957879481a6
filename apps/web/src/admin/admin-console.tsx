import { useEffect } from 'react';
import { isRouteErrorResponse, Outlet, useRevalidator, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { FormCard } from '../components/ui/form-card';
import { useLogout } from '../features/auth/api/logout';
import { i18n, useTranslation } from '../lib/i18n';
import { log } from '../lib/log';
import { Centered } from './components/centered';
import { useFollowSession } from './hooks/use-follow-session';
import { useTheme } from './hooks/use-theme';
import { loadConsoleCopy } from './i18n';

loadConsoleCopy();

// The console shows the site's ticket parts (a status badge), whose texts are in the later part.
export async function loader() {
  await i18n.loadLater();
  return null;
}

/**
 * The operator console's frame at /admin (design §6): its own chunks, loaded only when an operator
 * opens it. Links from the console to the site are plain links: leaving the console loads the site afresh.
 */
export function Component() {
  useTheme();
  useFollowSession();
  return <Outlet />;
}

function NoAccess({ username }: { username: string }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Centered>
      <FormCard title={t('admin.noAccess.title')}>
        <p>{t('admin.noAccess.text', { username })}</p>
        <Button variant="secondary" onClick={() => logout.mutate()}>
          {t('admin.noAccess.switch')}
        </Button>
      </FormCard>
    </Centered>
  );
}

/** A visitor's account is refused here (the staff check's 403); anything else is an apology with a retry. */
export function ErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { revalidate } = useRevalidator();
  useTheme();
  useFollowSession();
  const refused = isRouteErrorResponse(error) && error.status === 403;
  useEffect(() => {
    if (!refused) log.error('the console failed to open', error);
  }, [error, refused]);
  if (refused) return <NoAccess username={(error.data as { username?: string } | null)?.username ?? ''} />;
  return (
    <Centered>
      <FormCard title={t('error.unexpected')}>
        <Button variant="secondary" onClick={() => void revalidate()}>
          {t('admin.common.retry')}
        </Button>
      </FormCard>
    </Centered>
  );
}

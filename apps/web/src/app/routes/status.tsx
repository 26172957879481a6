import { PageMeta } from '../../components/page-meta';
import { statusQueryOptions, useSiteStatus } from '../../features/status/api/get-status';
import { StatusPage } from '../../features/status/components/status-page';
import { useLanguage } from '../../hooks/use-language';
import { useTranslation } from '../../lib/i18n';
import type { PageLoader } from '../load-context';

export const loader: PageLoader = async ({ context }) => {
  await context.queryClient.ensureQueryData(statusQueryOptions());
  return null;
};

/** `/status` (issue 48): drawn on the server like the other public pages, then kept fresh. */
export function Component() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const status = useSiteStatus();
  return (
    <>
      <PageMeta title={`${t('status.title')} — Obmen`} description={t('status.intro')} />
      {status.data && <StatusPage status={status.data} lang={lang} />}
    </>
  );
}

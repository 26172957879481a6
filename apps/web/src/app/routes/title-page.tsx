import { useTranslation } from '../../lib/i18n';
import { useMatches } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** A page whose content a later issue builds; until then it shows its title. */
export function Component() {
  const { t } = useTranslation();
  const match = useMatches().at(-1);
  const name = (match?.handle as { page?: string } | undefined)?.page ?? 'home';
  const title = t(`pages.${name}`);
  useDocumentTitle(`${title} — Obmen`);
  return <h1>{title}</h1>;
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n';
import { adminKeys, adminRequest } from '../api/admin-request';
import { useDebounced } from '../hooks/use-debounced';
import styles from './desk.module.css';

/**
 * Markdown as visitors will see it, rendered by the server's own renderer (raw HTML escaped there,
 * so the result is safe to insert). Asked again a moment after the text stops changing.
 */
export function MarkdownPreview({ markdown, label }: { markdown: string; label: string }) {
  const { t } = useTranslation();
  const settled = useDebounced(markdown, 400);
  const preview = useQuery({
    queryKey: [...adminKeys.resource('preview'), settled],
    queryFn: ({ signal }) =>
      adminRequest<{ html: string }>('/preview', { method: 'POST', json: { markdown: settled }, signal }),
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });
  return (
    <section aria-label={label}>
      <p className={`${styles.small} ${styles.muted} ${styles.flush}`}>{label}</p>
      {preview.data ? (
        <div className={styles.preview} dangerouslySetInnerHTML={{ __html: preview.data.html }} />
      ) : (
        <div className={styles.preview}>{preview.isError ? t('error.unexpected') : t('admin.common.loading')}</div>
      )}
    </section>
  );
}

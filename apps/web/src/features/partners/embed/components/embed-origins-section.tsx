import { useContext, useMemo } from 'react';
import { addEmbedOriginBody, parseEmbedOrigin, type EmbedSettings } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { EMBED_BASE_PATH } from '@obmen/shared/routing';
import { Button } from '../../../../components/ui/button';
import { CopyButton } from '../../../../components/ui/copy-button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { Spinner } from '../../../../components/ui/spinner';
import { TextField } from '../../../../components/ui/text-field';
import formStyles from '../../../../components/ui/form.module.css';
import { SiteAddress } from '../../../../components/page-meta';
import { useTranslation } from '../../../../lib/i18n';
import { notify } from '../../../../lib/notify';
import { useContractForm } from '../../../../lib/use-contract-form';
import { useAddEmbedOrigin } from '../api/add-embed-origin';
import { useEmbedSettings } from '../api/get-embed-settings';
import { useRemoveEmbedOrigin } from '../api/remove-embed-origin';
import styles from './embed-origins.module.css';

/**
 * The form's check before sending: the server's rule (shared), with plain http on localhost let
 * through: whether this server takes it is the server's to say.
 */
const originForm = addEmbedOriginBody.superRefine(({ origin }, ctx) => {
  const parsed = parseEmbedOrigin(origin, { localHttp: true });
  if ('problem' in parsed) ctx.addIssue({ code: 'custom', path: ['origin'], message: parsed.problem });
});

/** The widget's code for the partner's page: its own address, in this language, light. */
export function embedSnippet(site: string, partner: string, lang: Lang): string {
  const src = `${site}${EMBED_BASE_PATH}?partner=${partner}&lang=${lang}&theme=light`;
  return `<iframe src="${src}" title="Obmen" width="480" height="720" style="border:0;max-width:100%"></iframe>`;
}

function AddOrigin({ owner, full }: { owner: string; full: boolean }) {
  const { t } = useTranslation();
  const { mutateAsync } = useAddEmbedOrigin(owner);
  const form = useContractForm({
    schema: originForm,
    defaultValues: { origin: '' },
    logContext: 'adding an embed origin',
    onSubmit: async (body) => {
      const added = await mutateAsync(body);
      form.reset({ origin: '' });
      notify({ status: 'success', message: t('embedWidget.added', { origin: added.origin }) });
    },
  });
  return (
    <form className={formStyles.form} onSubmit={form.handleSubmit} noValidate aria-label={t('embedWidget.addTitle')}>
      <FormAlert messages={form.formErrors} />
      <TextField
        label={t('embedWidget.originLabel')}
        hint={t('embedWidget.originHint')}
        placeholder="https://wallet.example"
        inputMode="url"
        autoComplete="off"
        error={form.error('origin')}
        disabled={full}
        {...form.field('origin')}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={form.isSubmitting} disabled={full}>
          {t('embedWidget.add')}
        </Button>
      </div>
    </form>
  );
}

function Origins({ owner, settings }: { owner: string; settings: EmbedSettings }) {
  const { t } = useTranslation();
  const remove = useRemoveEmbedOrigin(owner);
  if (settings.origins.length === 0) return <p className={styles.muted}>{t('embedWidget.none')}</p>;
  return (
    <ul className={styles.origins} aria-label={t('embedWidget.originsTitle')}>
      {settings.origins.map((site) => (
        <li key={site.id} className={styles.origin}>
          <span>{site.origin}</span>
          <Button
            variant="secondary"
            loading={remove.isPending && remove.variables === site.id}
            onClick={() => remove.mutate(site.id)}
            aria-label={t('embedWidget.removeSite', { origin: site.origin })}
          >
            {t('embedWidget.remove')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The partner area's widget settings (issue 47): the sites allowed to frame the partner's /embed
 * (any other is refused by the browser) and the <iframe> code to put on them.
 */
export function EmbedOriginsSection({ owner, lang }: { owner: string; lang: Lang }) {
  const { t } = useTranslation();
  const site = useContext(SiteAddress);
  const { data: settings, isPending, isError, refetch } = useEmbedSettings(owner, lang);
  const snippet = useMemo(
    () => (settings ? embedSnippet(site || window.location.origin, settings.partner, lang) : ''),
    [settings, site, lang],
  );

  let body;
  if (isPending) body = <Spinner label={t('common.loading')} />;
  else if (isError)
    body = (
      <div role="alert">
        <p>{t('embedWidget.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  else {
    const full = settings.origins.length >= settings.max;
    body = (
      <>
        <h3 className={styles.subtitle}>{t('embedWidget.originsTitle')}</h3>
        <Origins owner={owner} settings={settings} />
        {full && <p className={styles.muted}>{t('embedWidget.full', { max: settings.max })}</p>}
        <AddOrigin owner={owner} full={full} />
        <h3 className={styles.subtitle}>{t('embedWidget.codeTitle')}</h3>
        <div className={styles.snippetRow}>
          <pre className={styles.code} data-testid="embed-snippet">
            {snippet}
          </pre>
          <CopyButton
            text={snippet}
            copiedMessage={t('embedWidget.codeCopied')}
            label={t('embedWidget.copyCode')}
            showLabel
          />
        </div>
        <p className={styles.muted}>{t('embedWidget.codeHint')}</p>
      </>
    );
  }
  return (
    <section className={styles.card} aria-labelledby="embed-widget-title">
      <h2 id="embed-widget-title" className={styles.title}>
        {t('embedWidget.sectionTitle')}
      </h2>
      <p className={styles.muted}>{t('embedWidget.intro')}</p>
      {body}
    </section>
  );
}

import { useId, useState, type FormEvent } from 'react';
import {
  createPartnerKeyBody,
  PARTNER_KEY_TERMS,
  PARTNER_SCOPES,
  type CreatedPartnerKey,
  type PartnerScope,
} from '@obmen/shared/contracts';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { issueText } from '@obmen/shared/issue-text';
import type { Lang } from '@obmen/shared/i18n';
import { sayMessage, useTranslation } from '../../../lib/i18n';
import { useCreatePartnerKey } from '../api/create-key';
import field from '../../../components/ui/field.module.css';
import styles from './partners.module.css';

type Errors = Record<string, string[]>;

/** A new key: its name, scopes, allow-list and rate; the answer (with the secret) goes to `onCreated`. */
export function KeyForm({
  owner,
  lang,
  maxRatePerMinute,
  onCreated,
}: {
  owner: string;
  lang: Lang;
  maxRatePerMinute: number;
  onCreated: (key: CreatedPartnerKey) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreatePartnerKey(owner);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<PartnerScope[]>(['quotes', 'tickets:create', 'tickets:read']);
  const [ips, setIps] = useState('');
  const [rate, setRate] = useState(String(PARTNER_KEY_TERMS.defaultRatePerMinute));
  const [errors, setErrors] = useState<Errors>({});

  const toggle = (scope: PartnerScope) =>
    setScopes((now) => (now.includes(scope) ? now.filter((s) => s !== scope) : [...now, scope]));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      name,
      scopes,
      allowedIps: ips.split(/[\s,]+/).filter(Boolean),
      ratePerMinute: rate,
    };
    // The contract the server checks with, checked here first: the same rule, the same words.
    const parsed = createPartnerKeyBody.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'request');
        (found[field] ??= []).push(issueText(issue, (key, vars) => sayMessage(lang, key, vars)));
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const created = await create.mutateAsync({ ...parsed.data });
      setName('');
      setIps('');
      onCreated(created);
    } catch (error) {
      if (error instanceof ApiError && error.parameterErrors) {
        const found: Errors = {};
        for (const { name: field, messages } of error.parameterErrors) {
          (found[field.split('.')[0]!] ??= []).push(...messages);
        }
        setErrors(found);
      } else if (error instanceof ApiError && error.errorMessage) {
        setErrors({ request: [error.errorMessage] });
      } else {
        setErrors({ request: [t('error.unexpected')] });
      }
    }
  }

  return (
    <form className={styles.form} aria-label={t('partnerPage.createTitle')} onSubmit={(e) => void submit(e)} noValidate>
      <h3 className={styles.subTitle}>{t('partnerPage.createTitle')}</h3>
      {errors.request && <FormAlert messages={errors.request} />}
      <TextField
        id={`${id}-name`}
        label={t('partnerPage.name')}
        placeholder={t('partnerPage.namePlaceholder')}
        value={name}
        maxLength={60}
        onChange={(e) => setName(e.target.value)}
        error={errors.name?.join(' ')}
      />
      <fieldset className={styles.scopes} aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}>
        <legend className={field.label}>{t('partnerPage.scopes')}</legend>
        {PARTNER_SCOPES.map((scope) => (
          <label key={scope} className={styles.scope}>
            <input type="checkbox" checked={scopes.includes(scope)} onChange={() => toggle(scope)} />
            {t(`partnerPage.scope.${scope}`)} <code className={styles.mono}>{scope}</code>
          </label>
        ))}
      </fieldset>
      {errors.scopes && (
        <p id={`${id}-scopes-error`} className={field.error}>
          {errors.scopes.join(' ')}
        </p>
      )}
      <div className={field.field}>
        <label htmlFor={`${id}-ips`} className={field.label}>
          {t('partnerPage.allowedIps')}
        </label>
        <textarea
          id={`${id}-ips`}
          className={`${field.input} ${styles.textarea}`}
          value={ips}
          onChange={(e) => setIps(e.target.value)}
          aria-describedby={`${id}-ips-hint`}
          aria-invalid={errors.allowedIps ? true : undefined}
          spellCheck={false}
        />
        <p id={`${id}-ips-hint`} className={field.hint}>
          {t('partnerPage.allowedIpsHint')}
        </p>
        {errors.allowedIps && <p className={field.error}>{errors.allowedIps.join(' ')}</p>}
      </div>
      <TextField
        id={`${id}-rate`}
        type="number"
        min={1}
        max={maxRatePerMinute}
        label={t('partnerPage.ratePerMinute')}
        hint={t('partnerPage.rateHint', { max: maxRatePerMinute })}
        value={rate}
        onChange={(e) => setRate(e.target.value)}
        error={errors.ratePerMinute?.join(' ')}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={create.isPending}>
          {t('partnerPage.create')}
        </Button>
      </div>
    </form>
  );
}

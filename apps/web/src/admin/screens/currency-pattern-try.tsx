import { useState } from 'react';
import { requisiteProblem } from '@obmen/shared/requisites';
import { addressFormatOf } from '@obmen/shared/addresses';
import { useTranslation } from '../../lib/i18n';
import { SelectField, TextField } from '../components/fields';
import styles from '../components/desk.module.css';
import type { FieldRow } from './currency-form';

/**
 * Tries a value against one of the currency's requisite fields as they stand in the form, before
 * saving: whether its pattern, kind and address check would accept it, and if not, what the client would read.
 */
export function PatternTry({
  giveFields,
  getFields,
}: {
  giveFields: readonly FieldRow[];
  getFields: readonly FieldRow[];
}) {
  const { t } = useTranslation();
  const [sample, setSample] = useState({ side: 'get', field: 0, value: '' });
  const sampleField = (sample.side === 'give' ? giveFields : getFields)[sample.field];
  const sampleProblem =
    sampleField && sample.value
      ? requisiteProblem({ ...sampleField, format: addressFormatOf(sampleField.format) }, sample.value)
      : null;
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('admin.currencies.tryPattern')}</legend>
      <div className={styles.grid}>
        <SelectField
          id="sample-field"
          label={t('admin.currencies.tryField')}
          value={`${sample.side}:${sample.field}`}
          onChange={(event) => {
            const [side = 'get', index = '0'] = event.target.value.split(':');
            setSample({ side, field: Number(index), value: sample.value });
          }}
          options={[
            ...giveFields.map((f, i) => ({
              value: `give:${i}`,
              label: `${t('admin.currencies.give')}: ${f.name || i + 1}`,
            })),
            ...getFields.map((f, i) => ({
              value: `get:${i}`,
              label: `${t('admin.currencies.get')}: ${f.name || i + 1}`,
            })),
          ]}
        />
        <TextField
          id="sample-value"
          label={t('admin.currencies.tryValue')}
          value={sample.value}
          onChange={(event) => setSample({ ...sample, value: event.target.value })}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <p role="status" className={`${styles.small} ${styles.flush}`}>
        {!sampleField || !sample.value
          ? t('admin.currencies.tryHint')
          : sampleProblem
            ? t('admin.currencies.tryNo', { message: t(sampleProblem) })
            : t('admin.currencies.tryYes')}
      </p>
    </fieldset>
  );
}

import type { WebhookDelivery } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import table from '../../../../components/ui/data-table.module.css';
import { formatDateTime } from '../../../../lib/format-date';
import { useTranslation } from '../../../../lib/i18n';
import { useDeliveries } from '../api/get-deliveries';
import { useRedeliver } from '../api/redeliver';
import styles from './webhooks.module.css';

const STATE_KEYS = {
  pending: 'webhooks.statePending',
  delivered: 'webhooks.stateDelivered',
  failed: 'webhooks.stateFailed',
} as const satisfies Record<WebhookDelivery['state'], string>;

/** One endpoint's newest deliveries, each try with its answer, and a button to send one again. */
export function DeliveryLog({ owner, lang, endpointId }: { owner: string; lang: Lang; endpointId: string }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useDeliveries(owner, endpointId);
  const redeliver = useRedeliver(owner);
  if (isPending) return <Spinner label={t('common.loading')} />;
  if (isError) return <p className={styles.muted}>{t('error.unexpected')}</p>;
  if (data.items.length === 0) return <p className={styles.muted}>{t('webhooks.logEmpty')}</p>;
  return (
    <table className={table.table} data-testid="webhook-deliveries">
      <thead>
        <tr>
          <th scope="col">{t('webhooks.logEvent')}</th>
          <th scope="col">{t('webhooks.logCreated')}</th>
          <th scope="col">{t('webhooks.logState')}</th>
          <th scope="col">{t('webhooks.logTries')}</th>
          <th scope="col" />
        </tr>
      </thead>
      <tbody>
        {data.items.map((delivery) => (
          <tr key={delivery.id}>
            <td>
              {t(`webhooks.event.${delivery.type.slice('ticket.'.length)}`)}
              <br />
              <code>{delivery.eventId}</code>
            </td>
            <td>{formatDateTime(delivery.createdAt, lang)}</td>
            <td>{t(STATE_KEYS[delivery.state])}</td>
            <td>
              <ul className={styles.endpoints}>
                {delivery.attempts.map((attempt) => (
                  <li key={attempt.at} title={attempt.responseBody ?? attempt.error ?? undefined}>
                    {formatDateTime(attempt.at, lang, 'short')} — {attempt.statusCode ?? t('webhooks.noAnswer')} (
                    {attempt.durationMs} ms)
                  </li>
                ))}
              </ul>
            </td>
            <td>
              <Button
                variant="secondary"
                loading={redeliver.isPending && redeliver.variables.deliveryId === delivery.id}
                onClick={() => redeliver.mutate({ id: endpointId, deliveryId: delivery.id })}
              >
                {t('webhooks.redeliver')}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

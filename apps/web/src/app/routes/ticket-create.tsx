import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Navigate, useNavigate } from 'react-router';
import { normalizeAmount } from '@obmen/shared/amount-text';
import { useSession } from '../../features/auth/hooks/use-session';
import { CreateTicket, type TicketDraft } from '../../features/tickets/components/create-ticket';
import { useLanguage } from '../../hooks/use-language';
import { loadDraft, type ExchangeDraft } from '../../lib/exchange-draft';
import { useEmbedFrame, usePagePath } from '../../lib/embed-frame';
import { storedRefId } from '../../lib/referral-id';
import { PageMeta } from '../../components/page-meta';

/** The converter's draft as ticket creation needs it, or null when there is nothing to exchange. */
function ticketDraft(draft: ExchangeDraft | null): TicketDraft | null {
  if (!draft || !draft.giveName || !draft.getName || draft.giveName === draft.getName) return null;
  const sum = normalizeAmount(draft.direction === 'sell' ? draft.giveSum : draft.getSum);
  if (!sum || !/[1-9]/.test(sum)) return null;
  return {
    giveName: draft.giveName,
    getName: draft.getName,
    direction: draft.direction,
    useFixed: draft.useFixed,
    sum,
    promocode: draft.promocode,
  };
}

function Page() {
  const lang = useLanguage();
  const navigate = useNavigate();
  const pagePath = usePagePath();
  // In a partner's widget the ticket is the partner's referral (issue 47).
  const frame = useEmbedFrame();
  const { user, info } = useSession();
  // Read once: the converter on another tab may change it, this page keeps what it was opened with.
  const [draft] = useState(() => ticketDraft(loadDraft()));

  // Nothing chosen in the converter: the exchange starts there.
  if (!draft) return <Navigate to={pagePath(lang, 'home')} replace />;
  return (
    <CreateTicket
      draft={draft}
      email={user?.email ?? info?.email ?? ''}
      refId={frame?.partner || storedRefId()}
      channel={frame ? 'embed' : undefined}
      onCreated={(ticket) =>
        void navigate(pagePath(lang, ticket.status === 'card_check' ? 'card_check' : 'payment_info', { id: ticket.id }))
      }
    />
  );
}

/** A page of one person's own, never indexed; the browser draws it. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={`${t('pages.ticket_create')} — Obmen`} noindex />
      <Page />
    </>
  );
}

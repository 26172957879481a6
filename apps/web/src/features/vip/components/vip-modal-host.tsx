import { lazy, Suspense, useState } from 'react';
import { i18n } from '../../../lib/i18n';
import { closeVipModal, openVipModal, useVipModalOpen } from '../vip-modal-store';

// The dialog, its pictures and its texts (the catalog's later part) load on the first open.
const VipModal = lazy(async () => (await Promise.all([import('./vip-modal'), i18n.loadLater()]))[0]);

/** Where the VIP dialog lives: once, in the layout, opened by `openVipModal()` from anywhere. */
export function VipModalHost({ account }: { account?: string | null }) {
  const open = useVipModalOpen();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <VipModal open={open} onOpenChange={(next) => (next ? openVipModal() : closeVipModal())} account={account} />
    </Suspense>
  );
}

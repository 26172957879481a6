import { lazy, Suspense, useState } from 'react';
import { closeVipModal, openVipModal, useVipModalOpen } from '../vip-modal-store';

// The dialog and its pictures load on the first open, not with every page.
const VipModal = lazy(() => import('./vip-modal'));

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

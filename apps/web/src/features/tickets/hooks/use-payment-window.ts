import { useEffect, useRef } from 'react';
import { useTimeLeft } from '../../../hooks/use-time-left';

/**
 * The time left to pay, ticking; when it runs out on this device's clock, `onClose` runs once, so
 * the page can ask the server, which closes the ticket and says 'Истекло время оплаты'.
 */
export function usePaymentWindow(paymentDeadline: string | null, onClose: () => void) {
  const deadline = paymentDeadline ? Date.parse(paymentDeadline) : null;
  const left = useTimeLeft(deadline);
  const closed = deadline !== null && left === 0;
  const latest = useRef(onClose);
  useEffect(() => {
    latest.current = onClose;
  });
  useEffect(() => {
    if (closed) latest.current();
  }, [closed]);
  return { deadline, left, closed };
}

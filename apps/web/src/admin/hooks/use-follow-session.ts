import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { useSession } from '../../features/auth/hooks/use-session';

/**
 * Runs the console's loaders again when the session changes without a navigation (a logout, a
 * login in another tab, a refused token), so their staff check decides what shows.
 */
export function useFollowSession(): void {
  const { token } = useSession();
  const { revalidate } = useRevalidator();
  const seen = useRef(token);
  useEffect(() => {
    if (seen.current === token) return;
    seen.current = token;
    void revalidate();
  }, [token, revalidate]);
}

import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type SessionState } from '../session';

/** The server draws every page signed out: a session is the browser's, shown after hydration. */
const SIGNED_OUT: SessionState = { token: null, user: null, info: null, loading: false };

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, () => SIGNED_OUT);
}

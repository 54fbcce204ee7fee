import { useEffect, useState } from 'react';

/** Where the evaluator app keeps the little it needs of the login for opening offline (cleared on logout). */
export const OFFLINE_USER_KEY = 'evaluator-offline-user';

/** The kept login: what the evaluator layout and the header read of it. */
export type OfflineUser = {
  _id: string;
  email: string;
  fullName?: string | null;
  admin: boolean;
  roles: string[];
};

/** The login kept on this device, or null (none, or no storage). */
export function readOfflineUser(): OfflineUser | null {
  try {
    const kept = localStorage.getItem(OFFLINE_USER_KEY);
    return kept ? (JSON.parse(kept) as OfflineUser) : null;
  } catch {
    return null;
  }
}

/**
 * In the evaluator app without a connection the session cannot be asked for; the login it kept
 * stands in, so the header goes on showing the signed-in shopper. Read after the first render (the
 * server never sees the device's storage), and only while offline with no user from the server.
 */
export function useOfflineUser(active: boolean): OfflineUser | null {
  const [kept, setKept] = useState<OfflineUser | null>(null);
  useEffect(() => {
    if (!active) {
      setKept(null);
      return;
    }
    const read = () => setKept(navigator.onLine ? null : readOfflineUser());
    read();
    window.addEventListener('online', read);
    window.addEventListener('offline', read);
    return () => {
      window.removeEventListener('online', read);
      window.removeEventListener('offline', read);
    };
  }, [active]);
  return active ? kept : null;
}

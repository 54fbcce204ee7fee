import { OFFLINE_USER_KEY } from '../../app/offline-user';
import { clearOfflineStore } from './offline-store';

export { OFFLINE_USER_KEY };

/**
 * Logout on a shared phone: the shopper's evaluations, waiting saves and photos (IndexedDB), the
 * pages the service worker kept and the offline login go.
 */
export async function clearOfflineData() {
  try {
    localStorage.removeItem(OFFLINE_USER_KEY);
  } catch {
    // Storage may be off; nothing was kept then.
  }
  await clearOfflineStore().catch(() => undefined);
  if (typeof caches !== 'undefined') {
    const names = await caches.keys().catch(() => [] as string[]);
    await Promise.all(names.filter((n) => n.startsWith('evaluator-')).map((n) => caches.delete(n)));
  }
}

import type { Config } from '../config.js';
import { type GeocodingAdapter, offlineGeocoding } from './geocoding.js';
import { type MailAdapter, outboxMail, smtpMail } from './mail.js';
import { type PaymentsAdapter, testPayments } from './payments.js';
import { type LocalStorageAdapter, localStorage, type StorageAdapter } from './storage.js';

export type Adapters = {
  mail: MailAdapter;
  storage: StorageAdapter;
  /** Set when storage is the local default: the app serves its upload and download routes. */
  localStorage: LocalStorageAdapter | null;
  payments: PaymentsAdapter;
  geocoding: GeocodingAdapter;
};

/** Embedded defaults unless the environment configures the real service. */
export function createAdapters(config: Config): Adapters {
  const local = localStorage({ dataDir: config.DATA_DIR, secret: config.appSecret });
  return {
    mail: config.SMTP_URL ? smtpMail(config.SMTP_URL, config.MAIL_FROM) : outboxMail(),
    storage: local,
    localStorage: local,
    payments: testPayments(),
    geocoding: offlineGeocoding(),
  };
}

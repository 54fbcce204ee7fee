import { type Config, ConfigError } from '../config.js';
import { type GeocodingAdapter, offlineGeocoding } from './geocoding.js';
import { googleGeocoding } from './google-geocoding.js';
import { type MailAdapter, outboxMail, smtpMail } from './mail.js';
import { type PaymentsAdapter, testPayments } from './payments.js';
import { s3Storage } from './s3-storage.js';
import { type LocalStorageAdapter, localStorage, type StorageAdapter } from './storage.js';
import { stripePayments } from './stripe-payments.js';

export type Adapters = {
  mail: MailAdapter;
  storage: StorageAdapter;
  /** Set when storage is the local default: the app serves its download route. */
  localStorage: LocalStorageAdapter | null;
  payments: PaymentsAdapter;
  geocoding: GeocodingAdapter;
};

/** loadConfig already checks these; this guards configs assembled by hand (tests, scripts). */
function required<K extends keyof Config>(
  config: Config,
  name: K,
  when: keyof Config,
): NonNullable<Config[K]> {
  const value = config[name];
  if (value === undefined || value === null || value === '') {
    throw new ConfigError(`Invalid environment configuration:\n  ${name}: required when ${when} is set`);
  }
  return value as NonNullable<Config[K]>;
}

/** S3 when a bucket is configured (the app then serves no download route); else the local folder. */
function createStorage(config: Config): Pick<Adapters, 'storage' | 'localStorage'> {
  if (config.S3_BUCKET) {
    const storage = s3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: required(config, 'S3_ACCESS_KEY_ID', 'S3_BUCKET'),
      secretAccessKey: required(config, 'S3_SECRET_ACCESS_KEY', 'S3_BUCKET'),
      publicBaseUrl: config.S3_PUBLIC_URL,
      appSecret: config.appSecret,
    });
    return { storage, localStorage: null };
  }
  const local = localStorage({ dataDir: config.DATA_DIR, secret: config.appSecret });
  return { storage: local, localStorage: local };
}

/** Embedded defaults unless the environment configures the real service. */
export function createAdapters(config: Config): Adapters {
  return {
    mail: config.SMTP_URL ? smtpMail(config.SMTP_URL, config.MAIL_FROM) : outboxMail(),
    ...createStorage(config),
    payments: config.STRIPE_SECRET_KEY
      ? stripePayments({
          secretKey: config.STRIPE_SECRET_KEY,
          publishableKey: required(config, 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_SECRET_KEY'),
          apiBase: config.STRIPE_API_BASE,
        })
      : testPayments(),
    geocoding: config.GOOGLE_MAPS_KEY
      ? googleGeocoding({ apiKey: config.GOOGLE_MAPS_KEY, apiBase: config.GOOGLE_MAPS_API_BASE })
      : offlineGeocoding(),
  };
}

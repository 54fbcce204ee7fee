// The audit log (issue 50): which changes are recorded, how they read, and the one rule that keeps
// secrets out of it. Pure: the server writes and reads the entries (src/server/audit, account-audit).

/** Days an entry is kept; the daily prune job deletes older ones (the database refuses younger). */
export const AUDIT_RETENTION_DAYS = 400;

/** Every recorded action, with how the log page and the CSV name it. */
export const AUDIT_ACTIONS = {
  'team.invitation_sent': 'Invitation sent',
  'team.invitation_resent': 'Invitation sent again',
  'team.invitation_withdrawn': 'Invitation withdrawn',
  'team.invitation_accepted': 'Invitation accepted',
  'team.member_changed': 'Member role or reach changed',
  'team.member_removed': 'Member removed',
  'team.ownership_transferred': 'Ownership transferred',
  'team.two_factor_requirement_changed': 'Team two-factor requirement changed',
  'region.created': 'Region created',
  'region.renamed': 'Region renamed',
  'region.deleted': 'Region deleted',
  'region.locations_moved': 'Locations moved to a region',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'webhook.created': 'Webhook endpoint created',
  'webhook.updated': 'Webhook endpoint changed',
  'webhook.deleted': 'Webhook endpoint deleted',
  'webhook.secret_revealed': 'Webhook signing secret shown',
  'webhook.secret_rolled': 'Webhook signing secret rolled',
  'billing.card_saved': 'Payment card saved',
  'preferences.changed': 'E-mail preferences changed',
  'two_factor.enabled': 'Two-factor sign-in turned on',
  'two_factor.disabled': 'Two-factor sign-in turned off',
  'two_factor.recovery_codes_replaced': 'Recovery codes replaced',
  'two_factor.passkey_added': 'Passkey added',
  'two_factor.passkey_removed': 'Passkey removed',
  'two_factor.reset_by_admin': 'Two-factor sign-in reset by a platform admin',
  'admin.customer_viewed': 'Customer viewed by a platform admin',
  'admin.api_keys_viewed': "Customer's API keys viewed by a platform admin",
  'admin.brand_assigned': 'Brand assigned by a platform admin',
  'admin.export': 'Customers or orders exported by a platform admin',
  'admin.shop_changed': "Customer's shop changed or cancelled by a platform admin",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];
export const isAuditAction = (v: unknown): v is AuditAction =>
  typeof v === 'string' && Object.hasOwn(AUDIT_ACTIONS, v);

/** Who acted, as the log says it. */
export type AuditActorRole = 'owner' | 'admin' | 'manager' | 'platform-admin' | 'api-key' | 'system';
export const AUDIT_ACTOR_LABELS: Record<AuditActorRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  manager: 'Manager',
  'platform-admin': 'Platform admin',
  'api-key': 'API key',
  system: 'System',
};

/**
 * Field names the log never keeps, whatever a use case hands it: passwords, codes, keys, secrets,
 * tokens, hashes and card numbers. Matched on the whole name, case-insensitively.
 */
const SECRET_FIELD =
  /(password|passcode|secret|token|hash|code|cvc|cvv|^pan$|card_?number|^key$|apikey|private)/i;

export const isSecretField = (name: string): boolean => SECRET_FIELD.test(name) && !SAFE_FIELDS.has(name);
/** Names that look like a secret's and are not (the key's visible prefix, a card's last 4 digits). */
const SAFE_FIELDS = new Set(['prefix', 'last4', 'keyPrefix', 'recoveryCodesLeft']);

export type AuditValue = string | number | boolean | null | AuditValue[] | { [k: string]: AuditValue };

/**
 * The changed fields of `before` → `after` with each side, secrets dropped (recursively by name).
 * Fields equal on both sides are left out; a missing side is null (created, deleted).
 */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Record<string, { before: AuditValue; after: AuditValue }> {
  const out: Record<string, { before: AuditValue; after: AuditValue }> = {};
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of names) {
    if (isSecretField(name)) continue;
    const b = scrub(before?.[name]);
    const a = scrub(after?.[name]);
    if (JSON.stringify(b) === JSON.stringify(a)) continue;
    out[name] = { before: b, after: a };
  }
  return out;
}

/** A value as the log keeps it: dates as ISO text, objects without their secret fields. */
export function scrub(value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(scrub);
  if (typeof value === 'object') {
    const out: Record<string, AuditValue> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>))
      if (!isSecretField(k)) out[k] = scrub(v);
    return out;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

/** One change as a line of text: `role: manager → admin`. */
export function describeChange(field: string, c: { before: unknown; after: unknown }): string {
  const text = (v: unknown) =>
    v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v);
  return `${field}: ${text(c.before)} → ${text(c.after)}`;
}

export const AUDIT_CSV_COLUMNS = [
  'Time (UTC)',
  'Action',
  'Actor',
  'Actor role',
  'Subject',
  'Changes',
  'IP address',
  'User agent',
] as const;

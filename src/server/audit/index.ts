export {
  type AuditActor,
  type AuditEntryInput,
  actorRoleOf,
  cardSavedEntry,
  pruneAuditEntries,
  recordAdminView,
  recordAudit,
  recordAuditStatement,
} from './audit-log.js';

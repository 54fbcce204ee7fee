export {
  type AuditActor,
  type AuditEntryInput,
  actorRoleOf,
  pruneAuditEntries,
  recordAudit,
  recordAuditStatement,
} from './audit-log.js';

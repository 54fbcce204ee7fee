export {
  AUDIT_CSV_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  type AuditEntryView,
  type AuditFilter,
  auditLogCsv,
  MSG_AUDIT_BAD_ACTION,
  MSG_AUDIT_BAD_DATE,
  readAuditLog,
} from './read-audit-log.js';

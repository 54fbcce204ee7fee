import { graphql } from '../gql';

// The audit log (issue 50): /account/audit for the owner and the team's admins, /admin/audit for
// platform admins.

export const AUDIT_LOG = graphql(`
  query AuditLog($filter: AuditFilter, $page: Int, $pageSize: Int) {
    auditLog(filter: $filter, page: $page, pageSize: $pageSize) {
      total
      page
      pageSize
      retentionDays
      entries {
        _id
        at
        accountId
        action
        actionLabel
        actorEmail
        actorRoleLabel
        subjectType
        subjectLabel
        changes {
          field
          before
          after
        }
        ip
        userAgent
      }
    }
    auditActions {
      value
      label
    }
  }
`);

export const AUDIT_LOG_CSV = graphql(`
  query AuditLogCsv($filter: AuditFilter) {
    auditLogCsv(filter: $filter)
  }
`);

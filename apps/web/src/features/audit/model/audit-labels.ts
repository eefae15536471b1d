import type { AuditResult, AuditType } from '@railserve/protocol';

export const auditTypeLabelKey = (type: AuditType) => `audit.types.${type}`;
export const auditResultLabelKey = (result: AuditResult) => `audit.results.${result}`;

/** Tag colours: green success, red failed, orange partial. */
export const AUDIT_RESULT_COLORS: Record<AuditResult, string> = { success: 'green', failed: 'red', partial: 'orange' };

export const AUDIT_TYPE_COLORS: Record<AuditType, string> = {
  login: 'blue',
  logout: 'default',
  create: 'green',
  update: 'gold',
  delete: 'red',
  export: 'cyan',
  import: 'geekblue',
  backup: 'purple',
  restore: 'purple',
  system_config: 'volcano',
  user_management: 'magenta',
  data_query: 'lime',
  system: 'orange',
};

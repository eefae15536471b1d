import type { AuditResult, AuditType } from '@railserve/protocol';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUDIT_RESULT_COLORS, AUDIT_TYPE_COLORS, auditResultLabelKey, auditTypeLabelKey } from '../model/audit-labels.ts';

export function AuditTypeTag({ type }: { type: AuditType }) {
  const { t } = useTranslation();
  return <Tag color={AUDIT_TYPE_COLORS[type]}>{t(auditTypeLabelKey(type))}</Tag>;
}

export function AuditResultTag({ result }: { result: AuditResult }) {
  const { t } = useTranslation();
  return (
    <Tag color={AUDIT_RESULT_COLORS[result]} data-testid="audit-result">
      {t(auditResultLabelKey(result))}
    </Tag>
  );
}

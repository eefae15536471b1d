import { AUDIT_RESULTS, AUDIT_TYPES, type AuditResult, type AuditType } from '@railserve/protocol';
import { Button, DatePicker, Flex, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditFilterParams, AuditListParams } from '../api/audit-keys.ts';
import { filtersOf } from '../hooks/use-audit-params.ts';
import { auditResultLabelKey, auditTypeLabelKey } from '../model/audit-labels.ts';

type AuditFiltersProps = { params: AuditListParams; onApply: (filters: AuditFilterParams) => void };

type Range = [Dayjs | null, Dayjs | null] | null;

/** The filters are edited as a draft and take effect with Apply (or Enter in a text field). */
export function AuditFilters({ params, onApply }: AuditFiltersProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AuditFilterParams>(() => filtersOf(params));
  useEffect(() => setDraft(filtersOf(params)), [params]);
  const set = (patch: Partial<AuditFilterParams>) => setDraft((current) => ({ ...current, ...patch }));
  const apply = () => onApply(Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v || undefined])));
  const range: Range = draft.from || draft.to ? [draft.from ? dayjs(draft.from) : null, draft.to ? dayjs(draft.to) : null] : null;

  const textInput = (key: 'username' | 'target' | 'q', width: number) => (
    <Input
      allowClear
      placeholder={t(`audit.filters.${key === 'q' ? 'search' : key}`)}
      aria-label={t(`audit.filters.${key === 'q' ? 'search' : key}`)}
      value={draft[key] ?? ''}
      onChange={(event) => set({ [key]: event.target.value })}
      onPressEnter={apply}
      style={{ flex: `1 1 ${width}px`, maxWidth: width + 80 }}
      data-testid={`audit-filter-${key}`}
    />
  );

  return (
    <Flex wrap gap={8} style={{ marginBottom: 16 }} role="search" aria-label={t('audit.filters.apply')}>
      <Select<AuditType>
        allowClear
        placeholder={t('audit.filters.type')}
        aria-label={t('audit.filters.type')}
        value={draft.type}
        onChange={(type) => set({ type })}
        options={AUDIT_TYPES.map((type) => ({ value: type, label: t(auditTypeLabelKey(type)) }))}
        style={{ flex: '1 1 130px', minWidth: 130, maxWidth: 200 }}
        data-testid="audit-filter-type"
      />
      <Select<AuditResult>
        allowClear
        placeholder={t('audit.filters.result')}
        aria-label={t('audit.filters.result')}
        value={draft.result}
        onChange={(result) => set({ result })}
        options={AUDIT_RESULTS.map((result) => ({ value: result, label: t(auditResultLabelKey(result)) }))}
        style={{ flex: '1 1 130px', minWidth: 130, maxWidth: 200 }}
        data-testid="audit-filter-result"
      />
      {textInput('username', 150)}
      {textInput('target', 150)}
      {textInput('q', 260)}
      <DatePicker.RangePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        allowEmpty={[true, true]}
        placeholder={[t('audit.filters.rangeStart'), t('audit.filters.rangeEnd')]}
        aria-label={t('audit.filters.range')}
        value={range}
        onChange={(value: Range) => set({ from: value?.[0]?.toISOString(), to: value?.[1]?.toISOString() })}
        style={{ flex: '1 1 300px', maxWidth: 380 }}
        data-testid="audit-filter-range"
      />
      <Button type="primary" onClick={apply} data-testid="audit-filter-apply">
        {t('audit.filters.apply')}
      </Button>
      <Button onClick={() => onApply({})} data-testid="audit-filter-clear">
        {t('audit.filters.clear')}
      </Button>
    </Flex>
  );
}

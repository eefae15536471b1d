import { type AuditRecord, auditDescriptionText, auditTargetText, parseAuditTarget } from '@railserve/protocol';
import { Alert, Collapse, Descriptions, Drawer, Skeleton, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { commandFailureText, translator } from '../../../lib/phrases.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useAuditRecord } from '../api/get-audit-record.ts';
import { tableLayoutChanges } from '../model/table-layout-diff.ts';
import { displayValue } from '../model/value-diff.ts';
import { AuditResultTag, AuditTypeTag } from './audit-tags.tsx';
import { CommandOutcome, commandOfRecord } from './command-outcome.tsx';
import { TableLayoutDiff } from './table-layout-diff.tsx';
import { ValuesDiff } from './values-diff.tsx';

function JsonBlock({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) return <Typography.Text type="secondary">{t('audit.detail.empty')}</Typography.Text>;
  return <pre style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12 }}>{displayValue(value)}</pre>;
}

/**
 * The failure in the reader's language when the answer carried a code; a device's refusal of a
 * command (or the server's "no answer") as the command screens say it; else the server's message.
 */
function recordErrorText(t: TFunction, record: AuditRecord): string {
  const code = (record.responseData as { code?: unknown } | null)?.code;
  const key = typeof code === 'string' ? `errors.${code}` : '';
  return key && t(key, { defaultValue: '' }) ? t(key) : commandFailureText(t, record.errorMessage);
}

/** What changed: a command as the device answered it, a table layout as a list of moves per page, anything else field by field. */
function Changes({ record }: { record: AuditRecord }) {
  const target = parseAuditTarget(record.target)?.key;
  const command = target === 'robot_commands' || target === 'track_commands' ? commandOfRecord(record.responseData) : undefined;
  if (command) return <CommandOutcome command={command} />;
  const layout = target === 'track_tables' ? tableLayoutChanges(record.oldValues, record.newValues) : undefined;
  if (layout) return <TableLayoutDiff changes={layout} />;
  return <ValuesDiff target={record.target} oldValues={record.oldValues} newValues={record.newValues} />;
}

function RecordDetail({ record }: { record: AuditRecord }) {
  const { t } = useTranslation();
  const dash = (value: string | null) => value || '-';
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        bordered
        data-testid="audit-detail-fields"
        style={{ marginBottom: 16 }}
        styles={{ label: { width: '32%' }, content: { overflowWrap: 'anywhere' } }}
      >
        <Descriptions.Item label={t('audit.fields.time')}>{formatDateTime(record.time)}</Descriptions.Item>
        <Descriptions.Item label={t('audit.fields.type')}>
          <AuditTypeTag type={record.type} />
        </Descriptions.Item>
        <Descriptions.Item label={t('audit.fields.username')}>{dash(record.username)}</Descriptions.Item>
        <Descriptions.Item label={t('audit.fields.target')}>{auditTargetText(translator(t), record.target)}</Descriptions.Item>
        <Descriptions.Item label={t('audit.fields.description')}>
          {auditDescriptionText(translator(t), record.description)}
        </Descriptions.Item>
        <Descriptions.Item label={t('audit.fields.result')}>
          <AuditResultTag result={record.result} />
        </Descriptions.Item>
        {record.errorMessage ? (
          <Descriptions.Item label={t('audit.fields.errorMessage')}>
            <Typography.Text type="danger">{recordErrorText(t, record)}</Typography.Text>
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('audit.fields.ip')}>{dash(record.ip)}</Descriptions.Item>
        <Descriptions.Item label={t('audit.fields.userAgent')}>{dash(record.userAgent)}</Descriptions.Item>
        <Descriptions.Item label={t('audit.fields.durationMs')}>
          {t('audit.list.durationValue', { ms: record.durationMs })}
        </Descriptions.Item>
        <Descriptions.Item label={t('audit.fields.affectedRows')}>{record.affectedRows}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{t('audit.detail.changes')}</Typography.Title>
      <Changes record={record} />
      <Collapse
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'data',
            label: t('audit.detail.data'),
            children: (
              <Descriptions size="small" column={1} bordered>
                <Descriptions.Item label={t('audit.fields.requestData')}>
                  <JsonBlock value={record.requestData} />
                </Descriptions.Item>
                <Descriptions.Item label={t('audit.fields.responseData')}>
                  <JsonBlock value={record.responseData} />
                </Descriptions.Item>
              </Descriptions>
            ),
          },
        ]}
      />
    </>
  );
}

/** One record in full, opened from the list. */
export function AuditDetailDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 768px)');
  const record = useAuditRecord(id);
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      title={id !== undefined ? t('audit.detail.title', { id }) : ''}
      size={narrow ? '100%' : 720}
      destroyOnHidden
      data-testid="audit-detail"
    >
      {record.isError ? (
        <Alert type="error" showIcon title={actionFailed(t, t('audit.actions.loadDetail'), record.error)} />
      ) : record.data ? (
        <RecordDetail record={record.data} />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}

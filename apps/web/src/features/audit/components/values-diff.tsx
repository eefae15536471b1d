import { auditFieldText, parseAuditTarget } from '@railserve/protocol';
import { Empty, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleLabelKey } from '../../../lib/labels.ts';
import { translator } from '../../../lib/phrases.ts';
import { diffValues, displayValue, type ValueChange } from '../model/value-diff.ts';

const CHANGED_BACKGROUND = 'rgba(250, 173, 20, 0.15)';

/** A user's permission reads as its level and role, as everywhere else ("等級 2・進階使用者"). */
const isLevelField = (target: string, field: string) =>
  field === 'permission' && ['user', 'users'].includes(parseAuditTarget(target)?.key ?? '');

function ValueCell({ value, level }: { value: unknown; level: boolean }) {
  const { t } = useTranslation();
  if (value === undefined) return <Typography.Text type="secondary">{t('audit.detail.empty')}</Typography.Text>;
  const text = level && typeof value === 'number' ? t(roleLabelKey(value)) : displayValue(value);
  return <pre style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12 }}>{text}</pre>;
}

/** Old and new values side by side, one row per field; the changed fields are marked. */
export function ValuesDiff({ target, oldValues, newValues }: { target: string; oldValues: unknown; newValues: unknown }) {
  const { t } = useTranslation();
  const rows = diffValues(oldValues, newValues);
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('audit.detail.noValues')} />;
  const changedCount = rows.filter((row) => row.changed).length;

  const columns: TableColumnsType<ValueChange> = [
    {
      title: t('audit.detail.field'),
      dataIndex: 'field',
      width: '28%',
      render: (field: string, row) => (
        <span>
          <Typography.Text strong={row.changed}>{field ? auditFieldText(translator(t), target, field) : '-'}</Typography.Text>
          {row.changed ? (
            <Tag color="orange" style={{ marginInlineStart: 6 }}>
              {t('audit.detail.changed')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      title: t('audit.fields.oldValues'),
      dataIndex: 'oldValue',
      render: (v: unknown, row) => <ValueCell value={v} level={isLevelField(target, row.field)} />,
    },
    {
      title: t('audit.fields.newValues'),
      dataIndex: 'newValue',
      render: (v: unknown, row) => <ValueCell value={v} level={isLevelField(target, row.field)} />,
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary" data-testid="audit-diff-summary">
        {changedCount ? t('audit.detail.changedCount', { count: changedCount }) : t('audit.detail.noChanges')}
      </Typography.Paragraph>
      <Table<ValueChange>
        rowKey="field"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={rows}
        tableLayout="fixed"
        data-testid="audit-diff"
        onRow={(row) =>
          ({
            'data-testid': `audit-diff-row-${row.field}`,
            'data-changed': String(row.changed),
            style: row.changed ? { background: CHANGED_BACKGROUND } : undefined,
          }) as object
        }
      />
    </>
  );
}

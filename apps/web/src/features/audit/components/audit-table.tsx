import { EyeOutlined } from '@ant-design/icons';
import { type AuditSummary, auditDescriptionText, auditTargetText, type Page } from '@railserve/protocol';
import { Button, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PickableColumn, tableWidth, useColumnPicker } from '../../../components/ui/column-picker.tsx';
import { pagePagination } from '../../../components/ui/page-pagination.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { translator } from '../../../lib/phrases.ts';
import { AuditResultTag, AuditTypeTag } from './audit-tags.tsx';

type AuditTableProps = {
  data: Page<AuditSummary> | undefined;
  loading: boolean;
  onOpen: (id: number) => void;
  onPageChange: (page: number, pageSize: number) => void;
};

/** The description's least width; at 1280 px it gets about 260 px, what the other columns leave. */
const DESCRIPTION_MIN = 200;

const oneLine = (text: string) => <Typography.Text ellipsis={{ tooltip: text }}>{text}</Typography.Text>;

/**
 * The audit records. At 1280 px the time, type, user, target, description, result and the
 * details button fit without scrolling sideways (docs/web-console.md, "Lists at 1280 × 800");
 * IP, duration and affected rows are in the column picker, and every field is in the details.
 */
export function AuditTable({ data, loading, onOpen, onPageChange }: AuditTableProps) {
  const { t } = useTranslation();
  const all: PickableColumn<AuditSummary>[] = [
    {
      key: 'time',
      title: t('audit.fields.time'),
      dataIndex: 'time',
      width: 170,
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span>,
    },
    {
      key: 'type',
      title: t('audit.fields.type'),
      dataIndex: 'type',
      width: 80,
      render: (type: AuditSummary['type']) => <AuditTypeTag type={type} />,
    },
    {
      key: 'username',
      title: t('audit.fields.username'),
      dataIndex: 'username',
      width: 100,
      optional: true,
      render: (v: string | null) => <Typography.Text ellipsis={{ tooltip: v }}>{v || t('audit.list.noUser')}</Typography.Text>,
    },
    {
      key: 'target',
      title: t('audit.fields.target'),
      dataIndex: 'target',
      width: 170,
      optional: true,
      render: (v: string) => oneLine(auditTargetText(translator(t), v)),
    },
    {
      // No width: the description takes what the others leave, on one line, whole in a tooltip.
      key: 'description',
      title: t('audit.fields.description'),
      dataIndex: 'description',
      optional: true,
      render: (v: string) => oneLine(auditDescriptionText(translator(t), v)),
    },
    {
      key: 'result',
      title: t('audit.fields.result'),
      dataIndex: 'result',
      width: 80,
      render: (result: AuditSummary['result']) => <AuditResultTag result={result} />,
    },
    {
      key: 'ip',
      title: t('audit.fields.ip'),
      dataIndex: 'ip',
      width: 130,
      optional: true,
      hidden: true,
      render: (v: string | null) => v || '-',
    },
    {
      key: 'durationMs',
      title: t('audit.fields.durationMs'),
      dataIndex: 'durationMs',
      width: 110,
      optional: true,
      hidden: true,
      render: (ms: number) => t('audit.list.durationValue', { ms }),
    },
    {
      key: 'affectedRows',
      title: t('audit.fields.affectedRows'),
      dataIndex: 'affectedRows',
      width: 100,
      optional: true,
      hidden: true,
    },
    {
      key: 'actions',
      title: t('audit.fields.actions'),
      width: 140,
      render: (_: unknown, record) => (
        <Button
          type="link"
          size="small"
          icon={<EyeOutlined />}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(record.id);
          }}
          aria-label={`${t('audit.list.detail')} #${record.id}`}
          data-testid="audit-open-detail"
        >
          {t('audit.list.detail')}
        </Button>
      ),
    },
  ];
  const columns = useColumnPicker('audit', all);

  return (
    <Table<AuditSummary>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={data?.items}
      loading={loading}
      tableLayout="fixed"
      scroll={{ x: tableWidth(columns, DESCRIPTION_MIN) }}
      data-testid="audit-table"
      // The whole row opens the details: on a phone the button may be scrolled out of view.
      onRow={(record) =>
        ({ 'data-testid': `audit-row-${record.id}`, onClick: () => onOpen(record.id), style: { cursor: 'pointer' } }) as object
      }
      pagination={pagePagination(data, t, onPageChange, [20, 50, 100, 200])}
    />
  );
}

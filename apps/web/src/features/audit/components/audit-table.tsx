import { EyeOutlined } from '@ant-design/icons';
import { type AuditSummary, auditDescriptionText, auditTargetText, type Page } from '@railserve/protocol';
import { Button, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
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

export function AuditTable({ data, loading, onOpen, onPageChange }: AuditTableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<AuditSummary> = [
    {
      title: t('audit.fields.time'),
      dataIndex: 'time',
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span>,
    },
    { title: t('audit.fields.type'), dataIndex: 'type', render: (type: AuditSummary['type']) => <AuditTypeTag type={type} /> },
    {
      title: t('audit.fields.username'),
      dataIndex: 'username',
      responsive: ['sm'],
      render: (v: string | null) => v || t('audit.list.noUser'),
    },
    {
      title: t('audit.fields.target'),
      dataIndex: 'target',
      responsive: ['md'],
      render: (v: string) => auditTargetText(translator(t), v),
    },
    {
      title: t('audit.fields.description'),
      dataIndex: 'description',
      responsive: ['lg'],
      render: (v: string) => {
        const text = auditDescriptionText(translator(t), v);
        return (
          <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 320 }}>
            {text}
          </Typography.Text>
        );
      },
    },
    {
      title: t('audit.fields.result'),
      dataIndex: 'result',
      render: (result: AuditSummary['result']) => <AuditResultTag result={result} />,
    },
    { title: t('audit.fields.ip'), dataIndex: 'ip', responsive: ['xl'], render: (v: string | null) => v || '-' },
    {
      title: t('audit.fields.durationMs'),
      dataIndex: 'durationMs',
      responsive: ['xl'],
      render: (ms: number) => t('audit.list.durationValue', { ms }),
    },
    { title: t('audit.fields.affectedRows'), dataIndex: 'affectedRows', responsive: ['xl'] },
    {
      title: t('audit.fields.actions'),
      key: 'actions',
      render: (_: unknown, record) => (
        <Button
          type="link"
          size="small"
          icon={<EyeOutlined />}
          onClick={() => onOpen(record.id)}
          aria-label={`${t('audit.list.detail')} #${record.id}`}
          data-testid="audit-open-detail"
        >
          {t('audit.list.detail')}
        </Button>
      ),
    },
  ];

  return (
    <Table<AuditSummary>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={data?.items}
      loading={loading}
      scroll={{ x: 'max-content' }}
      data-testid="audit-table"
      // The whole row opens the details: on a phone the button may be scrolled out of view.
      onRow={(record) =>
        ({ 'data-testid': `audit-row-${record.id}`, onClick: () => onOpen(record.id), style: { cursor: 'pointer' } }) as object
      }
      pagination={pagePagination(data, t, onPageChange, [20, 50, 100, 200])}
    />
  );
}

import { DeleteOutlined, DownloadOutlined, EditOutlined } from '@ant-design/icons';
import type { Page, UpdateRecord } from '@railserve/protocol';
import { App, Button, Popconfirm, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PickableColumn, tableWidth, useColumnPicker } from '../../../components/ui/column-picker.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { useDeleteUpdateRecord } from '../api/update-records.ts';
import { UpdateStatusTag } from './update-status-tag.tsx';

type UpdateRecordsTableProps = {
  data?: Page<UpdateRecord>;
  loading: boolean;
  canWrite: boolean;
  onPage: (page: number, pageSize: number) => void;
  onEdit: (record: UpdateRecord) => void;
  onDownload: (record: UpdateRecord) => void;
};

/**
 * The spec's columns: device type, version, device serial, status, filename, verification code,
 * update time. At 1280 px they fit without scrolling sideways with the actions (970 px); the
 * filename, which the device type and version already say, is in the column picker.
 */
export function UpdateRecordsTable({ data, loading, canWrite, onPage, onEdit, onDownload }: UpdateRecordsTableProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remove = useDeleteUpdateRecord();
  const onDelete = async (record: UpdateRecord) => {
    try {
      await remove.mutateAsync(record.id);
      void message.success(t('common.deleted'));
    } catch (error) {
      void message.error(actionFailed(t, t('common.actions.delete'), error));
    }
  };

  const all: PickableColumn<UpdateRecord>[] = [
    {
      key: 'deviceType',
      title: t('updates.fields.deviceType'),
      width: 90,
      render: (_, r) => t(`updates.deviceTypes.${r.deviceType}`),
    },
    { key: 'version', title: t('updates.fields.version'), dataIndex: 'version', width: 80 },
    {
      key: 'deviceSerial',
      title: t('updates.fields.deviceSerial'),
      width: 130,
      render: (_, r) => <Typography.Text ellipsis={{ tooltip: r.deviceSerial }}>{r.deviceSerial}</Typography.Text>,
    },
    {
      key: 'status',
      title: t('updates.fields.status'),
      width: 140,
      render: (_, r) => <UpdateStatusTag status={r.status} reason={r.failureReason} />,
    },
    {
      key: 'filename',
      title: t('updates.fields.filename'),
      width: 190,
      optional: true,
      hidden: true,
      render: (_, r) => <Typography.Text ellipsis={{ tooltip: r.filename }}>{r.filename}</Typography.Text>,
    },
    {
      key: 'code',
      title: t('updates.fields.verificationCode'),
      width: 130,
      render: (_, r) => (
        <Typography.Text code copyable={{ text: r.verificationCode }}>
          {r.verificationCode}
        </Typography.Text>
      ),
    },
    {
      key: 'updatedAt',
      title: t('updates.fields.updatedAt'),
      width: 170,
      render: (_, r) => formatDateTime(r.updatedAt),
    },
    {
      key: 'actions',
      title: t('updates.fields.actions'),
      width: 230,
      render: (_, r) => (
        <Space size={0}>
          {canWrite ? (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(r)}>
              {t('common.actions.edit')}
            </Button>
          ) : null}
          {canWrite ? (
            <Popconfirm
              title={t('updates.records.deleteConfirm', { serial: r.deviceSerial, version: r.version })}
              okText={t('common.actions.delete')}
              cancelText={t('common.actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => onDelete(r)}
            >
              <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                {t('common.actions.delete')}
              </Button>
            </Popconfirm>
          ) : null}
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            onClick={() => onDownload(r)}
            data-testid="record-download"
          >
            {t('updates.records.download')}
          </Button>
        </Space>
      ),
    },
  ];
  const columns = useColumnPicker('update-records', all);

  return (
    <Table<UpdateRecord>
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={data?.items ?? []}
      scroll={{ x: tableWidth(columns) }}
      data-testid="update-records"
      pagination={{
        current: data?.page,
        pageSize: typeof data?.pageSize === 'number' ? data.pageSize : 10,
        total: data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t('common.total', { total }),
        onChange: onPage,
      }}
      columns={columns}
    />
  );
}

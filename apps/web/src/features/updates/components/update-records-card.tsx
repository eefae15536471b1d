import { PlusOutlined } from '@ant-design/icons';
import { UPDATE_DEVICE_TYPES, UPDATE_STATUSES, type UpdateRecord } from '@railserve/protocol';
import { Alert, Button, Card, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionFailed } from '../../../lib/errors.ts';
import type { UpdateRecordParams } from '../api/update-keys.ts';
import { useUpdateRecords } from '../api/update-records.ts';
import { DownloadDialog } from './download-dialog.tsx';
import { UpdateRecordDialog } from './update-record-dialog.tsx';
import { UpdateRecordsTable } from './update-records-table.tsx';

type Editing = { mode: 'create' } | { mode: 'edit'; record: UpdateRecord } | null;

/** The update records with filters and paging; create and edit in a dialog, delete confirmed, download with the code. */
export function UpdateRecordsCard({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const [params, setParams] = useState<UpdateRecordParams>({ page: 1, pageSize: 10 });
  const records = useUpdateRecords(params);
  const [editing, setEditing] = useState<Editing>(null);
  const [downloading, setDownloading] = useState<UpdateRecord>();
  const filter = (patch: Partial<UpdateRecordParams>) => setParams((p) => ({ ...p, ...patch, page: 1 }));

  return (
    <Card
      title={t('updates.records.title')}
      extra={
        canWrite ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ mode: 'create' })}
            data-testid="create-record"
          >
            {t('updates.records.create')}
          </Button>
        ) : null
      }
    >
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('updates.records.search')}
          onSearch={(q) => filter({ q: q.trim() || undefined })}
          style={{ width: 240 }}
        />
        <Select
          allowClear
          placeholder={t('updates.fields.deviceType')}
          style={{ width: 180 }}
          onChange={(deviceType) => filter({ deviceType })}
          options={UPDATE_DEVICE_TYPES.map((v) => ({ value: v, label: t(`updates.deviceTypes.${v}`) }))}
        />
        <Select
          allowClear
          placeholder={t('updates.fields.status')}
          style={{ width: 180 }}
          onChange={(status) => filter({ status })}
          options={UPDATE_STATUSES.map((v) => ({ value: v, label: t(`updates.status.${v}`) }))}
        />
      </Flex>
      {records.isError ? (
        <Alert
          type="error"
          showIcon
          title={actionFailed(t, t('updates.actions.loadRecords'), records.error)}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <UpdateRecordsTable
        data={records.data}
        loading={records.isFetching}
        canWrite={canWrite}
        onPage={(page, pageSize) => setParams((p) => ({ ...p, page, pageSize }))}
        onEdit={(record) => setEditing({ mode: 'edit', record })}
        onDownload={setDownloading}
      />
      <UpdateRecordDialog editing={editing} onClose={() => setEditing(null)} />
      <DownloadDialog record={downloading} onClose={() => setDownloading(undefined)} />
    </Card>
  );
}

import { CloudDownloadOutlined } from '@ant-design/icons';
import type { Track } from '@railserve/protocol';
import { Button, Popconfirm, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWaitingUpdateRecords } from '../api/update-records.ts';
import type { useTrackCommand } from '../hooks/use-track-command.ts';
import { WhyDisabled } from './why-disabled.tsx';

type UpdateCommandProps = { track: Track; commands: ReturnType<typeof useTrackCommand>; disabled: boolean };

/** `update`: an update record of one of the track's robots, picked from the list (no typing), confirmed. */
export function UpdateCommand({ track, commands, disabled }: UpdateCommandProps) {
  const { t } = useTranslation();
  const records = useWaitingUpdateRecords(track.id, track.robots ?? []);
  const [recordId, setRecordId] = useState<number>();
  const record = records.data?.find((r) => r.id === recordId);

  const send = async () => {
    if (!record) return;
    await commands.send({ command: 'update', args: { recordId: record.id, sn: record.deviceSerial } });
    setRecordId(undefined);
    void records.refetch();
  };

  return (
    <Space.Compact>
      <Select<number>
        value={recordId}
        onChange={setRecordId}
        onOpenChange={(open) => open && void records.refetch()}
        disabled={disabled}
        loading={records.isFetching}
        placeholder={t('tracks.control.recordId')}
        aria-label={t('tracks.control.recordId')}
        notFoundContent={t('tracks.control.noUpdateRecords')}
        style={{ width: 320 }}
        options={(records.data ?? []).map((r) => ({ value: r.id, label: `${r.deviceSerial} · ${r.filename}` }))}
        data-testid="update-record-picker"
      />
      <WhyDisabled
        reason={disabled ? t('tracks.control.blocked.broker') : record ? undefined : t('tracks.control.pickRecord')}
        testId="command-update-why"
      >
        <Popconfirm
          title={t('tracks.control.updateConfirm', { sn: record?.deviceSerial ?? '', version: record?.version ?? '' })}
          okText={t('common.actions.confirm')}
          cancelText={t('common.actions.cancel')}
          disabled={disabled || !record}
          onConfirm={send}
        >
          <Button
            icon={<CloudDownloadOutlined />}
            disabled={disabled || !record}
            loading={commands.pending === 'update'}
            data-testid="command-update"
          >
            {t('tracks.commands.update')}
          </Button>
        </Popconfirm>
      </WhyDisabled>
    </Space.Compact>
  );
}

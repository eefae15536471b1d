import type { CommandRecord } from '@railserve/protocol';
import { Alert, Table, type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { commandFailureText } from '../../../lib/phrases.ts';
import { useTrackCommands } from '../api/track-commands.ts';
import { CommandStatusTag } from './command-status-tag.tsx';

/** `{servingPoint: 1, target: 11}` as `serving point 1, target 11`, in the interface language. */
export function describeArgs(t: TFunction, args: CommandRecord['args']): string {
  if (!args) return '';
  const value = (v: unknown) =>
    typeof v === 'boolean' ? t(`tracks.args.${v ? 'yes' : 'no'}`) : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return Object.entries(args)
    .map(([key, v]) => `${t(`tracks.args.${key}`, { defaultValue: key })} ${value(v)}`)
    .join(', ');
}

/** The track's recent commands with their tracking state; `compact` shows the last five. */
export function CommandList({ trackId, compact = false }: { trackId: number; compact?: boolean }) {
  const { t } = useTranslation();
  const commands = useTrackCommands(trackId);
  const columns: TableColumnsType<CommandRecord> = [
    {
      title: t('tracks.record.command'),
      dataIndex: 'command',
      render: (command: string, record) => (
        <>
          <Typography.Text>{t(`tracks.commands.${command}`, { defaultValue: command })}</Typography.Text>
          {record.args && Object.keys(record.args).length ? (
            <Typography.Text type="secondary"> ({describeArgs(t, record.args)})</Typography.Text>
          ) : null}
        </>
      ),
    },
    {
      title: t('tracks.record.state'),
      dataIndex: 'status',
      render: (status: CommandRecord['status'], record) => (
        <>
          <CommandStatusTag status={status} />
          {record.error ? <Typography.Text type="danger"> {commandFailureText(t, record.error)}</Typography.Text> : null}
        </>
      ),
    },
    { title: t('tracks.record.sentAt'), dataIndex: 'sentAt', render: (v: string) => formatDateTime(v) },
  ];
  if (!compact) columns.push({ title: t('tracks.record.by'), dataIndex: 'username', responsive: ['md'] });

  if (commands.isError)
    return <Alert type="error" showIcon title={actionFailed(t, t('tracks.actions.loadRecords'), commands.error)} />;
  const items = commands.data?.items ?? [];
  return (
    <Table<CommandRecord>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={compact ? items.slice(0, 5) : items}
      loading={commands.isPending}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('tracks.record.noCommands') }}
      data-testid="track-commands"
    />
  );
}

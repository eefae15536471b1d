import type { CommandRecord } from '@railserve/protocol';
import { Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time.ts';
import { commandFailureText } from '../../../lib/phrases.ts';
import { useRobotCommands } from '../api/robot-commands.ts';
import { CommandStatusTag } from './command-status-tag.tsx';

/** The robot's recent commands and settings writes, newest first, with the robot's error when it refused. */
export function RobotCommandHistory({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const commands = useRobotCommands(sn);
  const columns: TableColumnsType<CommandRecord> = [
    {
      title: t('robots.history.command'),
      dataIndex: 'command',
      render: (command: string, record) =>
        command === 'config'
          ? `${t('robots.commands.config')} · ${t(`robots.tabs.${String(record.args?.group)}`)}`
          : t(`robots.commands.${command}`),
    },
    {
      title: t('robots.history.status'),
      dataIndex: 'status',
      render: (status: CommandRecord['status'], record) => (
        <>
          <CommandStatusTag status={status} />
          {record.error ? <Typography.Text type="danger"> {commandFailureText(t, record.error)}</Typography.Text> : null}
        </>
      ),
    },
    {
      title: t('robots.history.sentAt'),
      dataIndex: 'sentAt',
      render: (v: string) => formatDateTime(v),
      responsive: ['sm'],
    },
    { title: t('robots.history.username'), dataIndex: 'username', responsive: ['md'] },
  ];
  return (
    <div>
      <Typography.Title level={5}>{t('robots.control.history')}</Typography.Title>
      <Table<CommandRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={commands.data?.items}
        loading={commands.isFetching}
        pagination={false}
        locale={{ emptyText: t('robots.control.noHistory') }}
        data-testid="robot-command-history"
      />
    </div>
  );
}

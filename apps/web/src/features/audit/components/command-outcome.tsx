import type { CommandRecord } from '@railserve/protocol';
import { Descriptions, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time.ts';
import { commandFailureText } from '../../../lib/phrases.ts';

const STATUS_COLORS: Record<CommandRecord['status'], string> = {
  sent: 'processing',
  acknowledged: 'success',
  failed: 'error',
  timed_out: 'warning',
};

/** The command an audited request sent (its recorded answer), or undefined for any other record. */
export function commandOfRecord(value: unknown): CommandRecord | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Partial<CommandRecord>;
  const known = typeof record.id === 'string' && typeof record.command === 'string' && typeof record.sentAt === 'string';
  return known && typeof record.status === 'string' && record.status in STATUS_COLORS ? (record as CommandRecord) : undefined;
}

const commandName = (t: TFunction, command: string) =>
  t(`robots.commands.${command}`, { defaultValue: t(`tracks.commands.${command}`, { defaultValue: command }) });

function argsText(t: TFunction, args: CommandRecord['args']) {
  const value = (v: unknown) =>
    typeof v === 'boolean' ? t(`tracks.args.${v ? 'yes' : 'no'}`) : typeof v === 'object' ? JSON.stringify(v) : String(v);
  const entries = Object.entries(args ?? {});
  if (entries.length === 0) return '-';
  return entries
    .map(
      ([key, v]) =>
        `${t(`audit.commandArgs.${key}`, { defaultValue: t(`tracks.args.${key}`, { defaultValue: key }) })} ${value(v)}`,
    )
    .join('、');
}

/** A command as the device answered it: what was sent, with what, and how it ended. */
export function CommandOutcome({ command }: { command: CommandRecord }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={1} bordered data-testid="audit-command" styles={{ label: { width: '32%' } }}>
      <Descriptions.Item label={t('audit.command.name')}>{commandName(t, command.command)}</Descriptions.Item>
      <Descriptions.Item label={t('audit.command.args')}>{argsText(t, command.args)}</Descriptions.Item>
      <Descriptions.Item label={t('audit.command.status')}>
        <Tag color={STATUS_COLORS[command.status]} data-testid="audit-command-status" data-status={command.status}>
          {t(`tracks.commandStatus.${command.status}`)}
        </Tag>
        {command.error ? <Typography.Text type="danger">{commandFailureText(t, command.error)}</Typography.Text> : null}
      </Descriptions.Item>
      <Descriptions.Item label={t('audit.command.sentAt')}>{formatDateTime(command.sentAt)}</Descriptions.Item>
      <Descriptions.Item label={t('audit.command.answeredAt')}>{formatDateTime(command.answeredAt) || '-'}</Descriptions.Item>
    </Descriptions>
  );
}

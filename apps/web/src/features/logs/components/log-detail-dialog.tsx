import type { LogRecord } from '@railserve/protocol';
import { Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time.ts';
import { sourceLabelKey, typeLabel } from '../model/log-labels.ts';
import { logMessageText } from '../model/log-message.ts';
import { LogLevelTag } from './log-level-tag.tsx';

type LogDetailDialogProps = { record: LogRecord | undefined; onClose: () => void };

/** Every field of one record; the message keeps its line breaks and can be copied. */
export function LogDetailDialog({ record, onClose }: LogDetailDialogProps) {
  const { t } = useTranslation();
  const message = record ? logMessageText(t, record.message) : '';
  const dash = (value: string | number | null) => (value === null || value === '' ? '-' : value);
  return (
    <Modal
      open={!!record}
      onCancel={onClose}
      footer={null}
      width={720}
      title={record ? t('logs.detail.title', { id: record.id }) : ''}
      // On the modal's root (the browser tests find the dialog inside it); the fields have their own id.
      data-testid="logs-detail"
      destroyOnHidden
    >
      {record ? (
        <Descriptions column={1} bordered size="small" styles={{ label: { width: 140 } }} data-testid="logs-detail-fields">
          <Descriptions.Item label={t('logs.fields.id')}>{record.id}</Descriptions.Item>
          <Descriptions.Item label={t('logs.fields.time')}>
            {formatDateTime(record.time)}
            <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
              ({record.time})
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('logs.fields.source')}>{t(sourceLabelKey(record.source))}</Descriptions.Item>
          <Descriptions.Item label={t('logs.fields.type')}>
            {typeLabel(t, record.type)}
            {typeLabel(t, record.type) !== record.type ? (
              <Typography.Text type="secondary"> ({record.type})</Typography.Text>
            ) : null}
          </Descriptions.Item>
          <Descriptions.Item label={t('logs.fields.level')}>
            <LogLevelTag level={record.level} />
          </Descriptions.Item>
          <Descriptions.Item label={t('logs.fields.trackId')}>{dash(record.trackId)}</Descriptions.Item>
          <Descriptions.Item label={t('logs.fields.trackName')}>{dash(record.trackName)}</Descriptions.Item>
          <Descriptions.Item label={t('logs.fields.robotSn')}>{dash(record.robotSn)}</Descriptions.Item>
          <Descriptions.Item label={t('logs.fields.robotName')}>{dash(record.robotName)}</Descriptions.Item>
          <Descriptions.Item label={t('logs.fields.message')}>
            <Typography.Paragraph
              copyable
              style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0 }}
              data-testid="logs-detail-message"
            >
              {message}
            </Typography.Paragraph>
            {message !== record.message ? (
              <Typography.Text type="secondary" data-testid="logs-detail-original">
                {t('logs.detail.original')}: {record.message}
              </Typography.Text>
            ) : null}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
}

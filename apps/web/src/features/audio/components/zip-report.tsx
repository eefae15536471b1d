import type { AudioBatchReport } from '@railserve/protocol';
import { Flex, List, Modal, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a ZIP batch did: clips added, clips replaced, and entries refused with the reason. */
export function ZipReport({ report, onClose }: { report: AudioBatchReport | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rows = report
    ? [
        ...report.added.map((a) => ({ entry: a.entry, outcome: 'added' as const, detail: a.clip.name })),
        ...report.replaced.map((a) => ({ entry: a.entry, outcome: 'replaced' as const, detail: a.clip.name })),
        ...report.refused.map((r) => ({ entry: r.entry, outcome: 'refused' as const, detail: t(`audio.refusals.${r.reason}`) })),
      ]
    : [];
  const color = { added: 'green', replaced: 'blue', refused: 'red' } as const;
  return (
    <Modal
      open={report !== null}
      title={t('audio.zip.reportTitle')}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={640}
      data-testid="audio-zip-report"
    >
      <Flex gap={32} style={{ marginBottom: 16 }}>
        <Statistic title={t('audio.zip.added')} value={report?.added.length ?? 0} />
        <Statistic title={t('audio.zip.replaced')} value={report?.replaced.length ?? 0} />
        <Statistic title={t('audio.zip.refused')} value={report?.refused.length ?? 0} />
      </Flex>
      <List
        size="small"
        bordered
        style={{ maxHeight: 360, overflowY: 'auto' }}
        dataSource={rows}
        locale={{ emptyText: t('audio.zip.empty') }}
        renderItem={(row) => (
          <List.Item data-testid={`zip-row-${row.outcome}`}>
            <Typography.Text code>{row.entry}</Typography.Text>
            <Flex gap={8} align="center">
              <Typography.Text type={row.outcome === 'refused' ? 'danger' : undefined}>{row.detail}</Typography.Text>
              <Tag color={color[row.outcome]}>{t(`audio.zip.${row.outcome}`)}</Tag>
            </Flex>
          </List.Item>
        )}
      />
    </Modal>
  );
}

import { SendOutlined } from '@ant-design/icons';
import { mapTables, pointsOfType } from '@railserve/protocol';
import { Button, Flex, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrackMap } from '../api/track-map.ts';
import type { TrackCommands } from './command-panel.tsx';

type SendTargetFormProps = { trackId: number; commands: TrackCommands; disabled: boolean };

/**
 * Send target point: the operator first picks a serving point, then a table; both come from the
 * track's saved map (the server checks them against the same map).
 */
export function SendTargetForm({ trackId, commands, disabled }: SendTargetFormProps) {
  const { t } = useTranslation();
  const map = useTrackMap(trackId);
  const [servingPoint, setServingPoint] = useState<number>();
  const [table, setTable] = useState<string>();
  const saved = map.data;
  const servingPoints = saved ? pointsOfType(saved, 'serving') : [];
  const tables = saved ? mapTables(saved) : [];
  const target = tables.find((tb) => `${tb.point}:${tb.side}` === table);

  const submit = async () => {
    if (servingPoint === undefined || !target) return;
    const record = await commands.send({ command: 'send_target', args: { servingPoint, target: target.point } });
    if (record) setTable(undefined);
  };

  return (
    <div data-testid="send-target">
      <Typography.Title level={5}>{t('tracks.commands.send_target')}</Typography.Title>
      {!saved && !map.isPending ? (
        <Typography.Paragraph type="secondary">{t('tracks.control.needsMap')}</Typography.Paragraph>
      ) : null}
      <Flex wrap gap={8}>
        <Select<number>
          placeholder={t('tracks.control.servingPoint')}
          aria-label={t('tracks.control.servingPoint')}
          value={servingPoint}
          onChange={(value) => {
            setServingPoint(value);
            setTable(undefined);
          }}
          options={servingPoints.map((p) => ({ value: p, label: t('tracks.control.point', { number: p }) }))}
          disabled={disabled || !saved}
          style={{ width: 180 }}
          data-testid="serving-point"
        />
        <Select<string>
          showSearch
          optionFilterProp="label"
          placeholder={servingPoint === undefined ? t('tracks.control.servingFirst') : t('tracks.control.table')}
          aria-label={t('tracks.control.table')}
          value={table}
          onChange={setTable}
          options={tables.map((tb) => ({
            value: `${tb.point}:${tb.side}`,
            label: `${tb.name} (${t('tracks.control.point', { number: tb.point })})`,
          }))}
          disabled={disabled || servingPoint === undefined}
          style={{ width: 240 }}
          data-testid="target-table"
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={disabled || servingPoint === undefined || !target}
          loading={commands.pending === 'send_target'}
          onClick={() => void submit()}
          data-testid="command-send_target"
        >
          {t('tracks.control.send')}
        </Button>
      </Flex>
    </div>
  );
}

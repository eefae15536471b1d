import { SendOutlined } from '@ant-design/icons';
import { mapTables, pointsOfType, type Track, topicFilters } from '@railserve/protocol';
import { App, Button, Flex, Select, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrokerMessage } from '../../../lib/broker/broker-context.tsx';
import { readRobotStatus } from '../../../lib/broker/read-robot-status.ts';
import { useTrackCharging } from '../api/track-charging.ts';
import { useTrackMap } from '../api/track-map.ts';
import { useTrackRobots } from '../api/track-robots.ts';
import { sendTargetBlock } from '../model/send-target-block.ts';
import type { TrackCommands } from './command-panel.tsx';
import { WhyDisabled } from './why-disabled.tsx';

type SendTargetFormProps = { track: Track; commands: TrackCommands; disabled: boolean };

/** How long after the controller's answer a robot setting off for the table is reported as the one that took it. */
const DISPATCH_WATCH_MS = 15_000;

/**
 * Send target point: the operator first picks a serving point, then a table; both come from the
 * track's saved map (the server checks them against the same map).
 */
export function SendTargetForm({ track, commands, disabled: blocked }: SendTargetFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const trackId = track.id;
  const map = useTrackMap(trackId);
  const robots = useTrackRobots(trackId);
  const charging = useTrackCharging(trackId);
  const [awaiting, setAwaiting] = useState<{ point: number; table: string; until: number } | null>(null);
  const block = sendTargetBlock({
    connected: commands.connected,
    reported: !!track.statusAt,
    hasMap: map.isPending ? undefined : !!map.data,
    robots: robots.data,
    charging,
  });
  // Every disabled control says why and what to do (the broker's own warning is above the commands).
  const reason = block ? t(`tracks.control.blocked.${block}`) : undefined;
  const disabled = blocked || !!block;

  // The controller's ack does not name the robot: the one whose status sets off for the table did.
  useBrokerMessage(topicFilters.robotStatus, (incoming) => {
    if (!awaiting || Date.now() > awaiting.until) return;
    const status = readRobotStatus(incoming);
    if (!status || status.trackId !== trackId || status.target !== awaiting.point) return;
    const named = robots.data?.find((r) => r.sn === status.sn)?.name ?? status.name;
    const robot = named ? `${named} (${status.sn})` : status.sn;
    void message.success(t('tracks.control.dispatched', { robot, table: awaiting.table }));
    setAwaiting(null);
  });
  const [servingPoint, setServingPoint] = useState<number>();
  const [table, setTable] = useState<string>();
  const saved = map.data;
  const servingPoints = saved ? pointsOfType(saved, 'serving') : [];
  const tables = saved ? mapTables(saved) : [];
  const target = tables.find((tb) => `${tb.point}:${tb.side}` === table);

  const submit = async () => {
    if (servingPoint === undefined || !target) return;
    const record = await commands.send({ command: 'send_target', args: { servingPoint, target: target.point } });
    if (record?.status === 'acknowledged') {
      setAwaiting({ point: target.point, table: target.name, until: Date.now() + DISPATCH_WATCH_MS });
      setTable(undefined);
    }
  };

  return (
    <div data-testid="send-target">
      <Typography.Title level={5}>{t('tracks.commands.send_target')}</Typography.Title>
      {reason && block !== 'broker' ? (
        <Typography.Paragraph type="secondary" data-testid="send-target-reason">
          {reason}
        </Typography.Paragraph>
      ) : null}
      <Flex wrap gap={8}>
        <WhyDisabled reason={disabled ? reason : undefined} testId="serving-point-why">
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
        </WhyDisabled>
        <WhyDisabled
          reason={disabled ? reason : servingPoint === undefined ? t('tracks.control.servingFirst') : undefined}
          testId="target-table-why"
        >
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
        </WhyDisabled>
        <Tooltip title={reason}>
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
        </Tooltip>
      </Flex>
    </div>
  );
}

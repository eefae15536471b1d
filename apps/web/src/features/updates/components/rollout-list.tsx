import type { Rollout } from '@railserve/protocol';
import { Alert, Flex, List, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRollouts } from '../api/rollouts.ts';
import { failureReasonText } from '../model/failure-reason.ts';
import { UpdateStatusTag } from './update-status-tag.tsx';

const STATUS_COLOR: Record<Rollout['status'], string> = {
  first_group: 'processing',
  rest: 'processing',
  completed: 'success',
  stopped: 'error',
};

/** The recent rollouts with their progress, live while one runs; a stopped one says where and why. */
export function RolloutList() {
  const { t } = useTranslation();
  const rollouts = useRollouts();
  const scopeText = (r: Rollout) => {
    const s = r.scope;
    const what = s.kind === 'robot' ? s.sn : s.kind === 'track' ? `#${s.trackId}` : s.kind === 'session' ? `#${s.sessionId}` : '';
    return `${t(`updates.rollout.scopes.${s.kind}`)} ${what}`.trim();
  };
  return (
    <List<Rollout>
      loading={rollouts.isPending}
      dataSource={rollouts.data ?? []}
      locale={{ emptyText: t('updates.rollout.none') }}
      renderItem={(r) => {
        const done = r.robots.filter((robot) => robot.status === 'update_complete').length;
        return (
          <List.Item key={r.id} data-testid="rollout" data-status={r.status}>
            <Flex vertical gap={8} style={{ width: '100%' }}>
              <Flex wrap gap={8} align="center">
                <Typography.Text strong>{r.filename}</Typography.Text>
                <Tag color={STATUS_COLOR[r.status]}>{t(`updates.rollout.status.${r.status}`)}</Tag>
                <Typography.Text type="secondary">
                  {scopeText(r)} · {t('updates.rollout.firstGroupOf', { count: r.firstGroupSize })}
                </Typography.Text>
              </Flex>
              <Progress
                percent={Math.round((done / Math.max(1, r.robots.length)) * 100)}
                status={r.status === 'stopped' ? 'exception' : undefined}
              />
              {r.stoppedAt ? (
                <Alert
                  type="error"
                  showIcon
                  title={t('updates.rollout.stoppedAt', { sn: r.stoppedAt.sn, reason: failureReasonText(t, r.stoppedAt.reason) })}
                />
              ) : null}
              <Flex wrap gap={12}>
                {r.robots.map((robot) => (
                  <span key={robot.recordId}>
                    <Typography.Text>{robot.sn}</Typography.Text>{' '}
                    <Typography.Text type="secondary">({t(`updates.rollout.groups.${robot.group}`)})</Typography.Text>{' '}
                    <UpdateStatusTag status={robot.status} />
                  </span>
                ))}
              </Flex>
            </Flex>
          </List.Item>
        );
      }}
    />
  );
}

import { RedoOutlined } from '@ant-design/icons';
import type { Rollout } from '@railserve/protocol';
import { Alert, App, Button, Flex, List, Popconfirm, Progress, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { useResumeRollout, useRollouts } from '../api/rollouts.ts';
import { failureReasonText } from '../model/failure-reason.ts';
import { UpdateStatusTag } from './update-status-tag.tsx';

const STATUS_COLOR: Record<Rollout['status'], string> = {
  first_group: 'processing',
  rest: 'processing',
  completed: 'success',
  stopped: 'error',
};

/** One robot of a rollout: its status, why it failed, or that it is busy and asked again until its deadline. */
function RolloutRobot({ robot }: { robot: Rollout['robots'][number] }) {
  const { t } = useTranslation();
  return (
    <span data-testid="rollout-robot" data-sn={robot.sn}>
      <Typography.Text>{robot.sn}</Typography.Text>{' '}
      <Typography.Text type="secondary">({t(`updates.rollout.groups.${robot.group}`)})</Typography.Text>{' '}
      {robot.retryAt ? (
        <Tag color="warning" data-testid="rollout-robot-busy">
          {t('updates.rollout.busyWaiting', { deadline: formatDateTime(robot.deadline) })}
        </Tag>
      ) : (
        <UpdateStatusTag status={robot.status} reason={robot.status === 'failed' ? robot.failureReason : null} />
      )}
    </span>
  );
}

/** A stopped rollout's action: ask the failed robots again and go on. */
function ResumeButton({ rollout }: { rollout: Rollout }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const resume = useResumeRollout();
  const onResume = async () => {
    try {
      await resume.mutateAsync(rollout.id);
      void message.success(t('updates.rollout.resumed'));
    } catch (error) {
      void message.error(actionFailed(t, t('updates.rollout.resume'), error));
    }
  };
  return (
    <Popconfirm
      title={t('updates.rollout.resumeConfirm')}
      okText={t('common.actions.confirm')}
      cancelText={t('common.actions.cancel')}
      onConfirm={onResume}
    >
      <Button size="small" icon={<RedoOutlined />} loading={resume.isPending} data-testid="resume-rollout">
        {t('updates.rollout.resume')}
      </Button>
    </Popconfirm>
  );
}

/** The recent rollouts with their progress, live while one runs; a stopped one says where and why, and can be resumed. */
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
                  data-testid="rollout-stopped"
                  title={t('updates.rollout.stoppedAt', { sn: r.stoppedAt.sn, reason: failureReasonText(t, r.stoppedAt.reason) })}
                  action={r.status === 'stopped' ? <ResumeButton rollout={r} /> : undefined}
                />
              ) : null}
              <Flex wrap gap={12}>
                {r.robots.map((robot) => (
                  <RolloutRobot key={robot.recordId} robot={robot} />
                ))}
              </Flex>
            </Flex>
          </List.Item>
        );
      }}
    />
  );
}

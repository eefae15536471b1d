import { ALARM_COMMENT_MAX, type AlarmDetail } from '@railserve/protocol';
import { App, Button, Flex, Input, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionFailed } from '../../../lib/errors.ts';
import { useAcknowledgeAlarms } from '../api/acknowledge-alarms.ts';
import type { Choice } from '../api/alarm-choices.ts';
import { useAssignAlarms } from '../api/assign-alarms.ts';
import { useCommentAlarm } from '../api/comment-alarm.ts';
import { useResetAlarm } from '../api/reset-alarm.ts';
import { resetState } from '../model/alarm-labels.ts';

const RESET_COLORS = { sent: 'processing', acknowledged: 'success', failed: 'error', timed_out: 'warning' } as const;

/** Acknowledge, assign, reset (with the command's live state) and comment: for users who may handle alarms. */
export function AlarmActions({ alarm, assignees }: { alarm: AlarmDetail; assignees: Choice<number>[] | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [comment, setComment] = useState('');
  const ack = useAcknowledgeAlarms();
  const assign = useAssignAlarms();
  const reset = useResetAlarm();
  const commentOn = useCommentAlarm();
  const failed = (action: string) => (error: unknown) => void message.error(actionFailed(t, t(action), error));
  const state = resetState(alarm.timeline);

  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }}>
      <Space wrap>
        <Button
          type="primary"
          disabled={alarm.acknowledged}
          loading={ack.isPending}
          onClick={() => ack.mutate([alarm.id], { onError: failed('alarms.actions.acknowledge') })}
          data-testid="alarm-acknowledge"
        >
          {t('alarms.actions.acknowledge')}
        </Button>
        <Button
          disabled={!alarm.active}
          loading={reset.isPending}
          onClick={() => reset.mutate(alarm.id, { onError: failed('alarms.actions.reset') })}
          data-testid="alarm-reset"
        >
          {t('alarms.actions.reset')}
        </Button>
        {state ? (
          <Tag color={RESET_COLORS[state]} data-testid="alarm-reset-state">
            {t('alarms.resetState', { state: t(`robots.commandStatus.${state}`) })}
          </Tag>
        ) : null}
      </Space>
      <Select<number>
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={alarm.assigneeId ?? undefined}
        placeholder={t('alarms.actions.assign')}
        aria-label={t('alarms.actions.assign')}
        options={assignees}
        loading={assign.isPending}
        onChange={(userId) =>
          assign.mutate({ ids: [alarm.id], userId: userId ?? null }, { onError: failed('alarms.actions.assign') })
        }
        style={{ maxWidth: 320 }}
        data-testid="alarm-assign"
      />
      <Input.TextArea
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        maxLength={ALARM_COMMENT_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('alarms.actions.commentPlaceholder')}
        aria-label={t('alarms.actions.comment')}
        data-testid="alarm-comment-text"
      />
      <Button
        style={{ alignSelf: 'flex-end' }}
        disabled={!comment.trim()}
        loading={commentOn.isPending}
        onClick={() =>
          commentOn.mutate(
            { id: alarm.id, text: comment },
            { onSuccess: () => setComment(''), onError: failed('alarms.actions.comment') },
          )
        }
        data-testid="alarm-comment-send"
      >
        {t('alarms.actions.comment')}
      </Button>
    </Flex>
  );
}

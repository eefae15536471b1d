import type { AlarmEvent } from '@railserve/protocol';
import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time.ts';
import { timelineText } from '../model/alarm-labels.ts';

const COLORS: Partial<Record<AlarmEvent['kind'], string>> = {
  raised: 'red',
  repeated: 'red',
  cleared: 'green',
  acknowledged: 'blue',
  reset_failed: 'red',
  reset_timed_out: 'red',
  reset_acknowledged: 'green',
};

/** The alarm's timeline: the system's entries and people's comments, oldest first. */
export function AlarmTimeline({ events, assigneeName }: { events: readonly AlarmEvent[]; assigneeName: (id: number) => string }) {
  const { t } = useTranslation();
  return (
    <Timeline
      data-testid="alarm-timeline"
      items={events.map((event) => ({
        key: event.id,
        color: COLORS[event.kind] ?? 'gray',
        children: (
          <>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {formatDateTime(event.time)}
            </Typography.Text>
            {event.kind === 'comment' ? (
              <>
                <Typography.Text strong>{event.username}</Typography.Text>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{event.text}</Typography.Paragraph>
              </>
            ) : (
              <Typography.Text>{timelineText(t, event, assigneeName)}</Typography.Text>
            )}
          </>
        ),
      }))}
    />
  );
}

import { topics } from '@railserve/protocol';
import { fireEvent, render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { BrokerProvider } from '../../../lib/broker/broker-context.tsx';
import { connectedBrokerStore } from '../../../testing/broker-store.ts';
import { alarmFixture } from '../../../testing/fixtures.ts';
import { AlarmNotices } from './alarm-notices.tsx';

const alarm = (id: number) => alarmFixture(id, { code: 'imu_stuck' });
const message = (kind: 'escalated' | 'renotified', ids: number[]) =>
  JSON.stringify({ ts: '2026-11-27T01:05:00.000Z', notices: ids.map((id) => ({ kind, alarm: alarm(id) })) });

describe('alarm notices', () => {
  it('gathers a storm of escalations into one notification that opens the alarms', async () => {
    const { store, fake } = connectedBrokerStore();
    const onOpen = vi.fn();
    render(
      <AntdApp>
        <BrokerProvider store={store}>
          <AlarmNotices onOpen={onOpen} />
        </BrokerProvider>
      </AntdApp>,
    );
    fake.last().emit('message', topics.consoleAlarmNotices, message('escalated', [1, 2]));
    fake.last().emit('message', topics.consoleAlarmNotices, message('escalated', [2, 3]));
    fake.last().emit('message', topics.consoleAlarmNotices, message('renotified', [9]));
    fake.last().emit('message', topics.consoleAlarmNotices, '{"not":"a notice"}');
    expect(await screen.findByText('3 個嚴重警報仍未確認。 1 個已確認的嚴重警報仍未解除。', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByText('嚴重警報需要處理')).toHaveLength(1);
    fireEvent.click(screen.getByText('開啟警報'));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});

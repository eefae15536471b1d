import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BrokerProvider } from '../../lib/broker/broker-context.tsx';
import { BrokerStore } from '../../lib/broker/broker-store.ts';
import { changeLocale } from '../../lib/i18n.ts';
import { fakeConnect, silentLogger } from '../../testing/fake-mqtt-client.ts';
import { BrokerIndicator } from './broker-indicator.tsx';

function failed(error: Error) {
  const fake = fakeConnect();
  const store = new BrokerStore({ connect: fake.connect, logger: silentLogger });
  store.connect({ host: '10.0.0.5', port: 9001, username: 'web', password: 'token' });
  fake.last().emit('error', error);
  render(
    <BrokerProvider store={store}>
      <BrokerIndicator />
    </BrokerProvider>,
  );
  fireEvent.mouseEnter(screen.getByTestId('broker-indicator'));
}

afterEach(async () => {
  await act(() => changeLocale('zh-TW'));
});

describe('the broker indicator', () => {
  it('tells why the connection failed in the screen’s language, not in the client library’s words', async () => {
    failed(Object.assign(new Error('Connection refused: Not authorized'), { code: 5 }));
    expect(screen.getByTestId('broker-indicator').textContent).toBe('連線錯誤');
    expect(await screen.findByText('錯誤：登入被拒絕，正在取得新的憑證')).toBeTruthy();
    expect(screen.queryByText(/Not authorized/)).toBeNull();
  });

  it('in English too', async () => {
    await act(() => changeLocale('en'));
    failed(new Error('connack timeout'));
    expect(await screen.findByText('Error: The broker cannot be reached')).toBeTruthy();
  });
});

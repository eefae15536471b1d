import { App as AntdApp } from 'antd';
import { useEffect } from 'react';
import { BrokerProvider, useProvidedBroker } from '../lib/broker/broker-context.tsx';
import { setMessageApi } from '../lib/feedback.ts';
import { appBroker } from './app-broker.ts';
import { AppLayout } from './app-layout.tsx';
import { BrokerSession } from './broker-session.tsx';
import { RobotAlarmsProvider } from './robot-alarms-provider.tsx';

/** Hands antd's context-aware message API to code outside React (lib/feedback.ts). */
function FeedbackBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    setMessageApi(message);
    return () => setMessageApi(null);
  }, [message]);
  return null;
}

/**
 * Everything a signed-in screen stands in: antd's app context (messages, modals, notifications),
 * the broker client and its session, and the main layout. Loaded lazily, so the login route
 * carries none of it.
 */
export function SignedInShell() {
  const provided = useProvidedBroker();
  const shell = (
    <AntdApp>
      <FeedbackBridge />
      <BrokerSession>
        <RobotAlarmsProvider>
          <AppLayout />
        </RobotAlarmsProvider>
      </BrokerSession>
    </AntdApp>
  );
  return provided ? shell : <BrokerProvider store={appBroker()}>{shell}</BrokerProvider>;
}

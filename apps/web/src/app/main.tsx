import 'antd/dist/reset.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { BrokerStore } from '../lib/broker/broker-store.ts';
import { connectInWorker } from '../lib/broker/broker-worker-client.ts';
import { robotFeedUnpacker } from '../lib/broker/robot-feed.ts';
import { feedback } from '../lib/feedback.ts';
import { i18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { dropExpiredToken, TOKEN_STORAGE_KEY, tokenStore } from '../lib/session.ts';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';
import { reloadWhenBrokerWorkerIsStale } from './stale-build.ts';

// Spec section 4: an expired stored token signs the user out at start.
dropExpiredToken();
// Signing in or out in another tab applies here too.
window.addEventListener('storage', (event) => {
  if (event.key === TOKEN_STORAGE_KEY || event.key === null) tokenStore.reload();
});

const queryClient = createQueryClient();
const broker = new BrokerStore({
  connect: connectInWorker,
  unpackers: [robotFeedUnpacker],
  warn: (key) => feedback.warning(i18n.t(key)),
  reload: () => window.location.reload(),
});
reloadWhenBrokerWorkerIsStale(broker);
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient} broker={broker}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

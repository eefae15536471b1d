import 'antd/dist/reset.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { dropExpiredToken, TOKEN_STORAGE_KEY, tokenStore } from '../lib/session.ts';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

// Spec section 4: an expired stored token signs the user out at start.
dropExpiredToken();
// Signing in or out in another tab applies here too.
window.addEventListener('storage', (event) => {
  if (event.key === TOKEN_STORAGE_KEY || event.key === null) tokenStore.reload();
});

const queryClient = createQueryClient();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

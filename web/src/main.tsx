import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { HttpError } from './api/http-errors.ts';
import { onSessionExpired } from './api/client.ts';
import { FeedbackBridge } from './components/FeedbackBridge.tsx';
import './i18n/index.ts';
import { router } from './router.tsx';
import { ThemeProvider } from './shell/theme.tsx';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // A 4xx will not get better by asking again; network blips might.
      retry: (count, error) => !(error instanceof HttpError && error.status >= 400) && count < 1,
    },
  },
});

onSessionExpired((url) => void router.navigate(url));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AntdApp>
          <FeedbackBridge />
          <RouterProvider router={router} />
        </AntdApp>
      </ThemeProvider>
    </QueryClientProvider>
  </StrictMode>,
);

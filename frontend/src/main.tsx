import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from './api/queryClient';
import App from './App';
import './pwa/register';
import { ThemeModeProvider } from './theme/theme';

const queryClient = createQueryClient();

const root = createRoot(document.getElementById('root')!);
// The first render as a transition: React draws the app in short slices instead of one long task on a phone
// (docs/member-pages.md#bundle-web-app-weight).
startTransition(() =>
  root.render(
    <StrictMode>
      <ThemeModeProvider>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </QueryClientProvider>
      </ThemeModeProvider>
    </StrictMode>,
  ),
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyPublicTheme } from './publicTheme';
import { PublicApp } from './PublicApp';
import './account.css';

// The palette is chosen before the first render, so the page never flashes the other one.
applyPublicTheme();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PublicApp />
  </StrictMode>,
);

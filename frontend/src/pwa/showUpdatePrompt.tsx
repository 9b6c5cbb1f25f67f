import { createRoot } from 'react-dom/client';
import { ThemeModeProvider } from '../theme/theme';
import { UpdatePrompt } from './UpdatePrompt';

/** Shows the "New version — reload" prompt in a root of its own, over whatever page is open. */
export function showUpdatePrompt(reload: () => void): void {
  if (document.getElementById('update-prompt')) return;
  const host = document.createElement('div');
  host.id = 'update-prompt';
  document.body.appendChild(host);
  createRoot(host).render(
    <ThemeModeProvider>
      <UpdatePrompt onReload={reload} />
    </ThemeModeProvider>,
  );
}

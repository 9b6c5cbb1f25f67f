import { render, screen } from '@testing-library/react';
import App from './App';

describe('the welcome page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('greets with the pool name the server gives', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue({ ok: true, json: async () => ({ app_name: 'Test Pool' }) }));
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Welcome to Test Pool' })).toBeInTheDocument();
    expect(screen.getByText('The modern college football contest platform')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/app_config');
  });

  it('keeps the default name when the server does not answer', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new Error('offline')));
    render(<App />);
    expect(screen.getByRole('heading', { name: 'Welcome to Tailgate Picks' })).toBeInTheDocument();
    await Promise.resolve();
    expect(screen.getByRole('heading', { name: 'Welcome to Tailgate Picks' })).toBeInTheDocument();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../test/helpers';
import { UPDATE_TEXTS, UpdatePrompt } from './UpdatePrompt';

describe('the new version prompt', () => {
  it('reloads only when the member asks', () => {
    const reload = vi.fn();
    renderAt(<UpdatePrompt onReload={reload} />);
    expect(screen.getByText(UPDATE_TEXTS.message)).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: UPDATE_TEXTS.reload }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('goes away on "Later"', () => {
    const reload = vi.fn();
    renderAt(<UpdatePrompt onReload={reload} />);
    fireEvent.click(screen.getByRole('button', { name: UPDATE_TEXTS.later }));
    expect(reload).not.toHaveBeenCalled();
  });
});

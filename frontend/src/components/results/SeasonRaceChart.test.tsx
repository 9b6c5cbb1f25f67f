import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SeasonProgress } from '../../api/types';
import { renderAt } from '../../test/helpers';
import SeasonRaceChart from './SeasonRaceChart';

// jsdom has no layout: recharts' responsive container needs a ResizeObserver to exist.
class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** Nine members; "me" (id 9) is last, far below the top five. */
const PROGRESS: SeasonProgress = {
  season: { id: 1, name: '2025-2026' },
  weeks: [1, 2, 3].map((number) => ({ id: number, number, scored: number < 3 })),
  members: Array.from({ length: 9 }, (_, index) => ({
    user: { id: index + 1, name: `Member ${index + 1}` },
    cumulative_wins: [9 - index, 2 * (9 - index), 2 * (9 - index)],
    cumulative_points: [9 - index, 2 * (9 - index), 2 * (9 - index)],
  })),
};

const checkboxes = () => within(screen.getByRole('list')).getAllByRole('checkbox') as HTMLInputElement[];
const checkedNames = () => checkboxes().filter((box) => box.checked).map((box) => box.closest('label')!.textContent);

describe('the season race chart', () => {
  beforeAll(() => vi.stubGlobal('ResizeObserver', NoResize));
  afterAll(() => vi.unstubAllGlobals());

  it('starts with the top five plus me, describing games behind the leader', () => {
    renderAt(<SeasonRaceChart progress={PROGRESS} meId={9} />);
    expect(screen.getByRole('button', { name: 'Top 5 + me' })).toHaveAttribute('aria-pressed', 'true');
    expect(checkedNames()).toEqual([
      '1. Member 1 · leading',
      '2. Member 2 · 2 behind',
      '3. Member 3 · 4 behind',
      '4. Member 4 · 6 behind',
      '5. Member 5 · 8 behind',
      '9. Member 9 (you) · 16 behind',
    ]);
    expect(screen.getByRole('img', { name: /^Games behind the leader after Wk 2: Member 1 0, .*Member 9 16$/ })).toBeInTheDocument();
  });

  it('shows everyone, or any member picked from the list', () => {
    renderAt(<SeasonRaceChart progress={PROGRESS} meId={9} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show all (9)' }));
    expect(checkboxes().every((box) => box.checked)).toBe(true);
    expect(screen.getByText('Choose members (9 of 9 shown)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Top 5 + me' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Member 7 ·/ }));
    expect(checkedNames()).toHaveLength(7);
    expect(screen.getByRole('checkbox', { name: /Member 7 ·/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Top 5 + me' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('img', { name: /Member 7 12/ })).toBeInTheDocument();
  });

  it('loads the lines (the charting library) only when the chart comes near the screen, in the space kept for it', async () => {
    let reveal: (entries: { isIntersecting: boolean; boundingClientRect: { top: number } }[]) => void = () => {};
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: typeof reveal) {
          reveal = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const { unmount } = renderAt(<SeasonRaceChart progress={PROGRESS} meId={9} />);
    let figure = screen.getByRole('img', { name: /^Games behind the leader/ });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(figure).toBeEmptyDOMElement();
    act(() => reveal([{ isIntersecting: true, boundingClientRect: { top: 100 } }]));
    await waitFor(() => expect(figure.querySelector('.recharts-responsive-container')).not.toBeNull());
    unmount();

    // Within the margin but below the screen on opening: only the member's first scroll fetches the lines.
    renderAt(<SeasonRaceChart progress={PROGRESS} meId={9} />);
    figure = screen.getByRole('img', { name: /^Games behind the leader/ });
    act(() => reveal([{ isIntersecting: true, boundingClientRect: { top: window.innerHeight + 100 } }]));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(figure).toBeEmptyDOMElement();
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(figure.querySelector('.recharts-responsive-container')).not.toBeNull());
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../session/session';
import { MEMBER, outsideActEnvironment, renderAt, signIn, stubApi } from '../test/helpers';
import { CALENDAR_TEXTS, CalendarCard } from './CalendarCard';

const feed = (token: string, mode: 'games' | 'weeks' = 'games') => {
  const url = `https://picks.example.com/api/calendar/${token}.ics`;
  const webcal_url = url.replace(/^https:/, 'webcal:');
  return { url, webcal_url, google_url: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal_url)}`, mode };
};
const FEED = feed('first-token');

const card = () => screen.getByRole('region', { name: CALENDAR_TEXTS.title });
const linkField = async () => within(await screen.findByRole('region', { name: CALENDAR_TEXTS.title })).findByLabelText(CALENDAR_TEXTS.link);

describe('the deadline calendar card', () => {
  outsideActEnvironment();
  beforeEach(() => {
    localStorage.clear();
    signIn(MEMBER);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('shows the feed link read-only with a Copy button, and the Google and Apple Calendar links', async () => {
    stubApi({ 'GET /api/me/calendar': FEED });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt(<CalendarCard userId={MEMBER.id} />);
    const field = await linkField();
    expect(field).toHaveValue(FEED.url);
    expect(field).toHaveAttribute('readonly');
    expect(within(card()).getByRole('link', { name: CALENDAR_TEXTS.google })).toHaveAttribute('href', FEED.google_url);
    expect(within(card()).getByRole('link', { name: CALENDAR_TEXTS.apple })).toHaveAttribute('href', FEED.webcal_url);
    expect(within(card()).getByRole('radio', { name: CALENDAR_TEXTS.games })).toBeChecked();

    fireEvent.click(within(card()).getByRole('button', { name: CALENDAR_TEXTS.copyLabel }));
    expect(await within(card()).findByText(CALENDAR_TEXTS.copied)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(FEED.url);

    writeText.mockRejectedValue(new Error('denied'));
    fireEvent.click(within(card()).getByRole('button', { name: CALENDAR_TEXTS.copyLabel }));
    expect(await within(card()).findByText(CALENDAR_TEXTS.copyFailed)).toBeInTheDocument();
  });

  it('saves the mode with PATCH, and shows the server\'s error when it refuses', async () => {
    let refuse = false;
    const { calls } = stubApi({
      'GET /api/me/calendar': FEED,
      'PATCH /api/me/calendar': (body: unknown) =>
        refuse ? { status: 422, body: { errors: ['mode must be one of: games, weeks'] } } : { status: 200, body: { ...FEED, ...(body as object) } },
    });
    renderAt(<CalendarCard userId={MEMBER.id} />);
    await linkField();
    fireEvent.click(within(card()).getByRole('radio', { name: CALENDAR_TEXTS.weeks }));
    expect(await within(card()).findByText(CALENDAR_TEXTS.saved)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ mode: 'weeks' });
    expect(within(card()).getByRole('radio', { name: CALENDAR_TEXTS.weeks })).toBeChecked();

    refuse = true;
    fireEvent.click(within(card()).getByRole('radio', { name: CALENDAR_TEXTS.games }));
    expect(await within(card()).findByText('mode must be one of: games, weeks')).toBeInTheDocument();
    expect(within(card()).getByRole('radio', { name: CALENDAR_TEXTS.weeks })).toBeChecked();
  });

  it('gets a new link only after a confirmation that says the old one stops working', async () => {
    const NEXT = feed('second-token');
    const { calls } = stubApi({ 'GET /api/me/calendar': FEED, 'POST /api/me/calendar/rotate': NEXT });
    renderAt(<CalendarCard userId={MEMBER.id} />);
    await linkField();

    fireEvent.click(within(card()).getByRole('button', { name: CALENDAR_TEXTS.rotate }));
    let dialog = await screen.findByRole('dialog', { name: CALENDAR_TEXTS.rotateTitle });
    expect(dialog).toHaveAccessibleDescription(CALENDAR_TEXTS.rotateExplained);
    fireEvent.click(within(dialog).getByRole('button', { name: CALENDAR_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(within(card()).getByRole('button', { name: CALENDAR_TEXTS.rotate }));
    dialog = await screen.findByRole('dialog', { name: CALENDAR_TEXTS.rotateTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: CALENDAR_TEXTS.rotate }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(card()).findByText(CALENDAR_TEXTS.rotated)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/me/calendar/rotate']);
    expect(within(card()).getByLabelText(CALENDAR_TEXTS.link)).toHaveValue(NEXT.url);
    expect(within(card()).getByRole('link', { name: CALENDAR_TEXTS.apple })).toHaveAttribute('href', NEXT.webcal_url);
  });

  it('says so when the link cannot be loaded', async () => {
    stubApi({ 'GET /api/me/calendar': () => ({ status: 404, body: { errors: ['Calendar not found'] } }) });
    renderAt(<CalendarCard userId={MEMBER.id} />);
    expect(await screen.findByText(CALENDAR_TEXTS.loadFailed)).toBeInTheDocument();
    expect(screen.queryByLabelText(CALENDAR_TEXTS.link)).not.toBeInTheDocument();
  });
});

import { HttpError } from 'react-admin';
import { failureText } from '../../api/failure';
import { formErrorsOf } from '.';

describe('the admin data provider', () => {
  it('puts a server message on the field it names, when the form sent that field', () => {
    expect(formErrorsOf(['name must be at most 100 characters', 'webpage_url must be a web address'], { name: 'x' }, 'Create failed', 422)).toEqual({
      name: 'name must be at most 100 characters',
      root: { serverError: 'name must be at most 100 characters' },
    });
    expect(formErrorsOf(['Please select a football season'], { football_season_id: null }, 'Create failed', 422)).toEqual({
      football_season_id: 'Please select a football season',
      root: { serverError: 'Please select a football season' },
    });
  });

  it('keeps messages that name no field, and falls back to the spec text on a 5xx', () => {
    expect(formErrorsOf(['Home team and away team must be different'], { home_team_id: 1 }, 'Create failed', 422)).toEqual({
      root: { serverError: 'Home team and away team must be different' },
    });
    expect(formErrorsOf(['Internal server error'], { name: 'x' }, 'Update failed', 500)).toEqual({ root: { serverError: 'Update failed' } });
    expect(formErrorsOf([], { name: 'x' }, 'Create failed', 409)).toEqual({ root: { serverError: 'Create failed' } });
  });

  it.each([
    { status: 409, messages: ['Conference has 3 teams'], text: 'Conference has 3 teams' },
    { status: 404, messages: [], text: 'Delete failed' },
    { status: 500, messages: ['Internal server error'], text: 'Delete failed' },
  ])('shows a $status with $messages as "$text"', ({ status, messages, text }) => {
    expect(failureText(new HttpError('x', status, { messages }), 'Delete failed')).toBe(text);
  });
});

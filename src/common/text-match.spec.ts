import { escapeLike } from './text-match';

describe('escapeLike', () => {
  it.each([
    ['Texas', 'Texas'],
    ['100%', '100!%'],
    ['a_b', 'a!_b'],
    ['wow!', 'wow!!'],
    ['%_!', '!%!_!!'],
  ])('escapes %j as %j', (text, expected) => {
    expect(escapeLike(text)).toBe(expected);
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import { passwordLength, passwordRuleProblem } from './passwordRules';

describe('PasswordStrengthMeter', () => {
  it('shows nothing, and loads nothing, while the field is empty', () => {
    render(<PasswordStrengthMeter password="" />);
    expect(screen.getByTestId('password-strength')).toBeEmptyDOMElement();
    expect(screen.getByTestId('password-strength')).toHaveAttribute('aria-live', 'polite');
  });

  // The first render downloads the estimator and its dictionaries (a dynamic import): slow on a loaded machine.
  const LOADED = { timeout: 20_000 };

  it('rates a common password as weak and says why', async () => {
    render(<PasswordStrengthMeter password="password1234" />);
    expect(await screen.findByText('Strength: Weak', undefined, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Strength' })).toHaveAttribute('aria-valuetext', 'Weak');
    expect(screen.getByText('This is similar to a commonly used password.')).toBeInTheDocument();
  });

  it("rates a long passphrase as very strong, and lowers a password made of the member's name and e-mail", async () => {
    const { rerender } = render(<PasswordStrengthMeter password="correct horse battery staple tailgate" />);
    expect(await screen.findByText('Strength: Very strong', undefined, LOADED)).toBeInTheDocument();
    rerender(<PasswordStrengthMeter password="pat.fanatic99" userInputs={['pat.fanatic99@pool.test', 'Pat Fanatic']} />);
    expect(await screen.findByText('Strength: Fair')).toBeInTheDocument();
    expect(screen.getByText('There should not be any personal or page related data.')).toBeInTheDocument();
  });
});

describe('the client-side password rule (the server\'s texts)', () => {
  it.each([
    ['k'.repeat(11), 'Password must be at least 12 characters long.'],
    ['k'.repeat(12), null],
    ['k'.repeat(128), null],
    ['k'.repeat(129), 'Password must be at most 128 characters long.'],
    ['🏈'.repeat(12), null],
  ])('%s', (password, problem) => {
    expect(passwordRuleProblem(password)).toBe(problem);
  });

  it('counts code points of the NFKC form', () => {
    expect(passwordLength('🏈')).toBe(1);
    expect(passwordLength('ﬁ')).toBe(2);
  });
});

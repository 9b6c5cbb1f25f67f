import { generate } from 'otplib';
import { Clock } from '../../src/common/clock';
import { bearer, TestApp } from './test-app';

/** An authenticator app's code for `secret` at the app's clock (otplib, as the app on a phone computes it). */
export function codeAt(t: TestApp, secret: string, offsetSeconds = 0): Promise<string> {
  const epoch = Math.floor(t.app.get(Clock).now().getTime() / 1000) + offsetSeconds;
  return generate({ secret, epoch });
}

/** Moves the app's clock forward (a spy on Clock.now): the next code belongs to a later 30-second step. */
export function advanceClock(t: TestApp, seconds: number): void {
  const now = t.app.get(Clock).now().getTime() + seconds * 1000;
  jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(now));
}

/** Sets up the authenticator app for the session's admin through the API: its secret and the recovery codes. */
export async function enrolTotp(t: TestApp, token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await t.http.post('/api/me/second_factor/totp').set(bearer(token)).expect(200);
  const secret = started.body.secret as string;
  const confirmed = await t.http.put('/api/me/second_factor/totp').set(bearer(token)).send({ code: await codeAt(t, secret) }).expect(200);
  return { secret, recoveryCodes: confirmed.body.recovery_codes as string[] };
}

import { HttpException } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { LoginThrottleService } from './login-throttle.service';

describe('LoginThrottleService', () => {
  const throttle = () => new LoginThrottleService({ loginMaxFailures: 3 } as AppConfig);

  it('blocks an e-mail and address pair after the allowed failures, with 429', async () => {
    const service = throttle();
    for (let i = 0; i < 3; i++) {
      await expect(service.assertAllowed('a@pool.test', '10.0.0.1')).resolves.toBeUndefined();
      await service.recordFailure('a@pool.test', '10.0.0.1');
    }
    const blocked = await service.assertAllowed('a@pool.test', '10.0.0.1').catch((error: HttpException) => error);
    expect(blocked).toBeInstanceOf(HttpException);
    expect((blocked as HttpException).getStatus()).toBe(429);
    await expect(service.assertAllowed('b@pool.test', '10.0.0.1')).resolves.toBeUndefined();
    await expect(service.assertAllowed('a@pool.test', '10.0.0.2')).resolves.toBeUndefined();
  });

  it('forgets earlier failures after a successful login', async () => {
    const service = throttle();
    for (let i = 0; i < 2; i++) await service.recordFailure('a@pool.test', '10.0.0.1');
    await service.recordSuccess('a@pool.test', '10.0.0.1');
    for (let i = 0; i < 2; i++) await service.recordFailure('a@pool.test', '10.0.0.1');
    await expect(service.assertAllowed('a@pool.test', '10.0.0.1')).resolves.toBeUndefined();
  });

  it('blocks an address that fails across many e-mails', async () => {
    const service = throttle();
    for (let i = 0; i < 60; i++) await service.recordFailure(`user${i}@pool.test`, '10.0.0.9');
    await expect(service.assertAllowed('fresh@pool.test', '10.0.0.9')).rejects.toBeInstanceOf(HttpException);
  });

  it('allows five reset e-mails an hour per address', async () => {
    const service = throttle();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await service.mayRequestReset('a@pool.test'));
    expect(answers).toEqual([true, true, true, true, true, false]);
  });
});

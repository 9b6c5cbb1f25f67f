import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { SESSION_ID } from '../decorators/current-session.decorator';
import { RecentAuth } from '../decorators/recent-auth.decorator';
import { RecentAuthCheck, ReauthenticationRequiredException } from '../recent-auth';
import { RecentAuthGuard } from './recent-auth.guard';

class Routes {
  plain(): void {}

  @RecentAuth()
  sensitive(): void {}
}

const contextFor = (handler: () => void, request: object) =>
  ({ getHandler: () => handler, getClass: () => Routes, switchToHttp: () => ({ getRequest: () => request }) }) as unknown as ExecutionContext;

describe('RecentAuthGuard', () => {
  const require = jest.fn<Promise<void>, [string | undefined]>();
  const guard = new RecentAuthGuard(new Reflector(), { require } as RecentAuthCheck);
  beforeEach(() => require.mockReset());

  it('lets a route without the mark through at once, asking nothing', () => {
    expect(guard.canActivate(contextFor(Routes.prototype.plain, { [SESSION_ID]: 'abc' }))).toBe(true);
    expect(require).not.toHaveBeenCalled();
  });

  it("asks about the request's own session on a marked route", async () => {
    require.mockResolvedValue(undefined);
    await expect(guard.canActivate(contextFor(Routes.prototype.sensitive, { [SESSION_ID]: 'abc' }))).resolves.toBe(true);
    expect(require).toHaveBeenCalledWith('abc');
  });

  it('passes on the refusal of a session whose proof is too old', async () => {
    require.mockRejectedValue(new ReauthenticationRequiredException());
    await expect(guard.canActivate(contextFor(Routes.prototype.sensitive, { [SESSION_ID]: 'abc' }))).rejects.toBeInstanceOf(ReauthenticationRequiredException);
  });
});

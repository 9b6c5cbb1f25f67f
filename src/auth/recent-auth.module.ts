import { Global, Module } from '@nestjs/common';
import { RecentAuthCheck } from '../common/recent-auth';
import { RecentAuthService } from './recent-auth.service';

/** The recent-authentication check for the whole app: the global guard and the services that decide for themselves. */
@Global()
@Module({
  providers: [RecentAuthService, { provide: RecentAuthCheck, useExisting: RecentAuthService }],
  exports: [RecentAuthService, RecentAuthCheck],
})
export class RecentAuthModule {}

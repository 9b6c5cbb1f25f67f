import { Module } from '@nestjs/common';
import { ProvidersService } from './providers/providers.service';
import { TeamMatcher } from './team-matcher';

/** Imports from the data providers and the score sync (docs/imports.md). */
@Module({
  providers: [ProvidersService, TeamMatcher],
  exports: [ProvidersService, TeamMatcher],
})
export class ImportsModule {}

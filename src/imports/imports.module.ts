import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { WeeksModule } from '../seasons/weeks/weeks.module';
import { ImportsController } from './imports.controller';
import { ImportsService } from './imports.service';
import { ProvidersService } from './providers/providers.service';
import { TeamMappingsController } from './team-mappings.controller';
import { TeamMappingsService } from './team-mappings.service';
import { TeamMatcher } from './team-matcher';

/** Imports from the data providers and the score sync (docs/imports.md). */
@Module({
  imports: [GamesModule, WeeksModule],
  controllers: [ImportsController, TeamMappingsController],
  providers: [ProvidersService, TeamMatcher, ImportsService, TeamMappingsService],
  exports: [ProvidersService, TeamMatcher],
})
export class ImportsModule {}

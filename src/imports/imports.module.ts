import { Module } from '@nestjs/common';
import { GamesModule } from '../games/games.module';
import { WeeksModule } from '../seasons/weeks/weeks.module';
import { CalendarImportService } from './calendar-import.service';
import { ImportsController } from './imports.controller';
import { ProvidersService } from './providers/providers.service';
import { ScoreSyncController } from './score-sync.controller';
import { ScoreSyncService } from './score-sync.service';
import { TeamMappingsController } from './team-mappings.controller';
import { TeamMappingsService } from './team-mappings.service';
import { TeamMatcher } from './team-matcher';
import { WeekImportService } from './week-import.service';

/** Imports from the data providers and the score sync (docs/imports.md). */
@Module({
  imports: [GamesModule, WeeksModule],
  controllers: [ImportsController, TeamMappingsController, ScoreSyncController],
  providers: [ProvidersService, TeamMatcher, WeekImportService, CalendarImportService, TeamMappingsService, ScoreSyncService],
  exports: [ProvidersService, TeamMatcher, ScoreSyncService],
})
export class ImportsModule {}

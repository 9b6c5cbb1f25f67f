import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WeeksModule } from '../seasons/weeks/weeks.module';
import { SurvivorContest } from './entities/survivor-contest.entity';
import { SurvivorEntry } from './entities/survivor-entry.entity';
import { SurvivorPickAudit } from './entities/survivor-pick-audit.entity';
import { SurvivorPick } from './entities/survivor-pick.entity';
import { SurvivorResult } from './entities/survivor-result.entity';
import { MemberSurvivorController, WeekSurvivorPickController } from './member-survivor.controller';
import { SurvivorBoardService } from './survivor-board.service';
import { SurvivorContestsController, SurvivorEntriesController } from './survivor-contests.controller';
import { SurvivorContestsService } from './survivor-contests.service';
import { SurvivorEntriesService } from './survivor-entries.service';
import { SurvivorPickOverridesService } from './survivor-pick-overrides.service';
import { SurvivorPickAuditsController, SurvivorPicksController } from './survivor-picks.controller';
import { SurvivorPicksService } from './survivor-picks.service';
import { SurvivorResultsModule } from './survivor-results.module';
import { SurvivorStore } from './survivor.store';

/** The survivor contest (docs/pool-formats.md#survivor): its contests, entrants, picks, overrides and board. */
@Module({
  imports: [TypeOrmModule.forFeature([SurvivorContest, SurvivorEntry, SurvivorPick, SurvivorPickAudit, SurvivorResult]), WeeksModule, SurvivorResultsModule],
  controllers: [SurvivorContestsController, SurvivorEntriesController, SurvivorPicksController, SurvivorPickAuditsController, MemberSurvivorController, WeekSurvivorPickController],
  providers: [SurvivorStore, SurvivorContestsService, SurvivorEntriesService, SurvivorPicksService, SurvivorPickOverridesService, SurvivorBoardService],
  exports: [SurvivorStore, SurvivorResultsModule],
})
export class SurvivorModule {}

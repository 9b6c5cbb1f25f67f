import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { CachedReads } from '../database/cached-reads';
import { FootballSeason } from '../seasons/entities/football-season.entity';
import { DEFAULT_RULES, RULE_KEYS, rulesOf, SeasonRules } from '../seasons/season-rules';

const SELECT = Object.fromEntries(RULE_KEYS.map((key) => [key, true]));

/** A season's rules (docs/pool-formats.md), as the games and the picks apply them. */
@Injectable()
export class SeasonRulesReader {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: CachedReads,
  ) {}

  /** Through CachedReads: every pick's save asks, and a season's rules change only before its first kickoff. */
  async cached(seasonId: number): Promise<SeasonRules> {
    return (await this.reads.read([FootballSeason], `season rules ${seasonId}`, async () => ({ rules: await this.within(this.dataSource.manager, seasonId) }))).rules;
  }

  /** As stored, inside the caller's transaction. */
  async within(manager: EntityManager, seasonId: number): Promise<SeasonRules> {
    const season = await manager.getRepository(FootballSeason).findOne({ where: { id: seasonId }, select: SELECT });
    return season ? rulesOf(season) : { ...DEFAULT_RULES };
  }
}

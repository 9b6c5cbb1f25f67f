import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import { ReferenceCounter } from '../database/reference-counter';
import { FootballSeason } from '../seasons/entities/football-season.entity';
import { WeekResponseDto } from '../seasons/weeks/dto/week-response.dto';
import { WEEK_NUMBER_MAX } from '../seasons/weeks/dto/create-week.dto';
import { Week } from '../seasons/weeks/entities/week.entity';
import { WeekCalendarService } from '../seasons/weeks/week-calendar.service';
import type { User } from '../users/entities/user.entity';
import { calendarEntries } from './calendar';
import { CalendarImportResultDto, ImportCalendarDto } from './dto/import-calendar.dto';
import { ProviderImport } from './entities/provider-import.entity';
import { ProvidersService } from './providers/providers.service';
import { packPayload } from './week-import';

/** A season's weeks from a provider's calendar (docs/imports.md#the-api): fetched first, then written in one transaction. */
@Injectable()
export class CalendarImportService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly providers: ProvidersService,
    private readonly calendar: WeekCalendarService,
    private readonly references: ReferenceCounter,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /**
   * POST /football_seasons/{id}/weeks/import: the weeks of the season's year from the provider's calendar. A week
   * number the season has already is left alone, so a second run creates nothing.
   */
  async importCalendar(admin: User, seasonId: number, dto: ImportCalendarDto): Promise<CalendarImportResultDto> {
    const season = await this.dataSource.getRepository(FootballSeason).findOneBy({ id: seasonId });
    if (!season) throw new NotFoundException('Football season not found');
    const provider = this.providers.get(dto.provider);
    const calendar = await provider.calendar!(season.year);
    const entries = calendarEntries(calendar, this.config.tzDisplay).filter((entry) => entry.number <= WEEK_NUMBER_MAX);
    if (entries.length === 0) throw new UnprocessableEntityException(`The provider's calendar has no weeks for ${season.year} yet.`);
    const { importId, created, unchanged } = await this.dataSource.transaction(async (manager) => {
      const taken = new Set((await manager.find(Week, { where: { football_season_id: season.id }, select: { id: true, number: true } })).map((week) => week.number));
      const missing = entries.filter((entry) => !taken.has(entry.number));
      if (missing.length > 0) {
        await manager.insert(
          Week,
          missing.map((entry) => ({ ...entry, football_season_id: season.id, is_current: false })),
        );
      }
      const kept = entries.filter((entry) => taken.has(entry.number)).map((entry) => entry.number);
      const inserted = await manager.insert(ProviderImport, {
        kind: 'calendar',
        provider: dto.provider,
        status: 'applied',
        football_season_id: season.id,
        week_id: null,
        created_by: admin.id,
        applied_at: this.clock.now(),
        payload: packPayload(calendar),
        summary: JSON.stringify({ created: missing.map((entry) => entry.number), unchanged: kept }),
      });
      return { importId: inserted.identifiers[0].id as number, created: missing.length, unchanged: kept.length };
    });
    return { import_id: importId, created, unchanged, weeks: await this.seasonWeeks(season) };
  }

  private async seasonWeeks(season: FootballSeason): Promise<WeekResponseDto[]> {
    const weeks = await this.dataSource.getRepository(Week).find({ where: { football_season_id: season.id }, order: { number: 'ASC' } });
    for (const week of weeks) week.football_season = season;
    const [statuses, held] = await Promise.all([
      this.calendar.statuses(weeks),
      this.references.count(
        Week,
        weeks.map((week) => week.id),
        ['games'],
      ),
    ]);
    return weeks.map((week) => WeekResponseDto.from({ week, status: statuses.get(week.id)!, games_count: held.get(week.id)?.games ?? 0 }));
  }
}

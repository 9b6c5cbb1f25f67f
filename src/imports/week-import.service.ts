import { ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere, In, Not } from 'typeorm';
import { Clock } from '../common/clock';
import { ListPage, ListParams, orderOf } from '../common/list/list-query';
import { AppConfig } from '../config/app-config';
import { GameResponseDto } from '../games/dto/game-response.dto';
import { UpdateGameDto } from '../games/dto/update-game.dto';
import { Game } from '../games/entities/game.entity';
import { GamesService } from '../games/games.service';
import { weekDisplayName } from '../seasons/weeks/dto/week-response.dto';
import { Week } from '../seasons/weeks/entities/week.entity';
import { Team } from '../teams/entities/team.entity';
import type { User } from '../users/entities/user.entity';
import { providerWeek } from './calendar';
import { ApplyImportDto } from './dto/apply-import.dto';
import { ApplyResultDto } from './dto/apply-result.dto';
import { CreateImportDto } from './dto/create-import.dto';
import { ImportFilterDto } from './dto/import-filter.dto';
import { ImportPreviewDto, ImportSummaryDto } from './dto/import-preview.dto';
import { ProviderImport } from './entities/provider-import.entity';
import type { ProviderName } from './providers/provider';
import { csvSchedule } from './providers/csv.provider';
import { ProvidersService } from './providers/providers.service';
import { TeamMatcher } from './team-matcher';
import {
  buildPreview,
  FetchedWeek,
  PreviewContext,
  PreviewGame,
  packPayload,
  reviveFetched,
  unpackPayload,
  WeekPayload,
  WeekPreview,
  weekFingerprint,
} from './week-import';

const LIST_SORTABLE = ['created_at', 'applied_at', 'kind', 'provider', 'status', 'week_id', 'football_season_id'];
/** Every column but the payload, which a list never shows. */
const SUMMARY_COLUMNS = { id: true, kind: true, provider: true, status: true, week_id: true, football_season_id: true, created_by: true, created_at: true, applied_at: true, summary: true } as const;

const WEEK_NOT_FOUND = 'week_id does not match any week';

/**
 * A week's games from a provider, previewed and then applied (docs/imports.md#the-api), and the list of imports.
 * Every fetch completes before anything is written; each write is one transaction.
 */
@Injectable()
export class WeekImportService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly providers: ProvidersService,
    private readonly matcher: TeamMatcher,
    private readonly games: GamesService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** POST /imports: fetches the week from the provider (games, lines and ranks at once), then previews it. */
  async preview(admin: User, dto: CreateImportDto): Promise<ImportPreviewDto> {
    const week = await this.weekWithSeason(this.dataSource.manager, dto.week_id);
    if (!week) throw new UnprocessableEntityException(WEEK_NOT_FOUND);
    if (dto.provider === 'csv') {
      if (!dto.csv) throw new UnprocessableEntityException("CSV import needs the file's contents in csv");
      // The file is the admin's choice of games: every row is ticked, and its tiebreaker is kept.
      const { games, lines, tiebreaker } = csvSchedule(dto.csv, { year: week.football_season!.year, week: week.number, timeZone: this.config.tzDisplay });
      return this.previewFrom(week.id, 'csv', { games, lines, ranks: [], chosen: { tiebreaker } }, admin);
    }
    const provider = this.providers.get(dto.provider);
    const query = await providerWeek(provider, week.football_season!.year, week.number);
    const [games, lines, ranks] = await Promise.all([provider.games(query), provider.lines?.(query) ?? [], provider.rankings?.(query) ?? []]);
    return this.previewFrom(week.id, dto.provider, { games, lines, ranks }, admin);
  }

  /**
   * The preview of what a provider (or a CSV file) has for a week, stored so that the apply uses exactly this data:
   * matched to our teams and the week's games, with what would change.
   */
  async previewFrom(weekId: number, provider: ProviderName, fetched: FetchedWeek, admin: User | null = null): Promise<ImportPreviewDto> {
    const manager = this.dataSource.manager;
    const week = await this.weekWithSeason(manager, weekId);
    if (!week) throw new UnprocessableEntityException(WEEK_NOT_FOUND);
    const { context, fingerprint } = await this.contextOf(manager, week.id, provider, fetched);
    const preview = buildPreview(fetched, context);
    const payload: WeekPayload = { fetched, fingerprint, preview };
    const id = await this.dataSource.transaction(async (writer) => {
      // An older preview of the week is replaced: only the newest one can be applied.
      await writer.update(ProviderImport, { kind: 'week', week_id: week.id, status: 'preview' }, { status: 'superseded' });
      const inserted = await writer.insert(ProviderImport, {
        kind: 'week',
        provider,
        status: 'preview',
        football_season_id: week.football_season_id,
        week_id: week.id,
        created_by: admin?.id ?? null,
        payload: packPayload(payload),
        summary: null,
      });
      return inserted.identifiers[0].id as number;
    });
    return this.findOne(id) as Promise<ImportPreviewDto>;
  }

  /**
   * POST /imports/{id}/apply, in one transaction: the ticked games created or updated, the others removed from the
   * week (refused for a game with picks), the tiebreaker set, the teams matched by name remembered.
   */
  async apply(admin: User, id: number, dto: ApplyImportDto): Promise<ApplyResultDto> {
    const { weekId, counts } = await this.dataSource.transaction(async (manager) => {
      const record = await manager.findOneBy(ProviderImport, { id, kind: 'week' });
      if (!record?.payload) throw new NotFoundException('Import not found');
      const appliedAt = this.clock.now();
      // A conditional update claims the preview: of two applies at once, one wins and the other is refused.
      const claim = await manager.update(ProviderImport, { id, status: 'preview' }, { status: 'applied', applied_at: appliedAt });
      if (claim.affected === 0) {
        throw new ConflictException(
          record.status === 'superseded'
            ? 'A newer preview of this week replaced this one. Apply the newer one, or preview again.'
            : `This import is ${record.status} already. Preview again.`,
        );
      }
      const week = record.week_id === null ? null : await this.weekWithSeason(manager, record.week_id);
      if (!week) throw new ConflictException('The week of this preview no longer exists.');
      const payload = unpackPayload<WeekPayload>(record.payload);
      const fetched = reviveFetched(payload.fetched);
      const provider = record.provider as ProviderName;
      const { context, fingerprint } = await this.contextOf(manager, week.id, provider, fetched);
      if (fingerprint !== payload.fingerprint) throw new ConflictException("The week's games changed since this preview. Preview again.");
      // Built again from the same data: the teams mapped since the preview are matched now.
      const preview = buildPreview(fetched, context);
      const plan = planApply(preview, dto);

      await this.removeGames(manager, admin, plan.removed);
      const counts = { created: 0, updated: 0, removed: plan.removed.length, unchanged: 0 };
      for (const game of plan.kept) {
        const isTiebreaker = game.key === (dto.tiebreaker ?? null);
        if (game.game_id === null) {
          await this.games.createWithin(
            manager,
            admin,
            {
              week_id: week.id,
              home_team_id: game.home.team_id!,
              away_team_id: game.away.team_id!,
              game_date: game.game_date,
              name: game.name,
              status: game.status,
              betting_line: game.betting_line,
              betting_line_team: game.betting_line_team,
              home_team_ranking: game.home.rank,
              away_team_ranking: game.away.rank,
              is_tiebreaker: isTiebreaker,
            },
            { ...providerIdOf(provider, game.key), line_source: game.line_source, line_taken_at: game.line_taken_at ? new Date(game.line_taken_at) : null },
          );
          counts.created += 1;
          continue;
        }
        const current = context.existing.find((candidate) => candidate.id === game.game_id)!;
        const { change, extra } = updateOf(game, current, provider, isTiebreaker, plan.updateLines.has(game.key));
        if (Object.keys(change).length === 0 && Object.keys(extra).length === 0) {
          counts.unchanged += 1;
          continue;
        }
        await this.games.updateWithin(manager, admin, current.id, change, extra);
        counts.updated += 1;
      }
      await this.matcher.remember(
        manager,
        provider,
        plan.kept
          .filter((game) => !game.key.startsWith('game:'))
          .flatMap((game) => [game.home, game.away])
          .filter((team) => team.external_id !== null && team.team_id !== null && context.index.match({ external_id: team.external_id, name: team.name })?.via === 'name')
          .map((team) => ({ external_id: team.external_id!, external_name: team.name, team_id: team.team_id! })),
      );
      const summary = { ...counts, tiebreaker: dto.tiebreaker ?? null, removed_games: plan.removed.map((game) => game.game_id), update_lines: [...plan.updateLines] };
      await manager.update(ProviderImport, { id }, { summary: JSON.stringify(summary) });
      return { weekId: week.id, counts };
    });
    return { import: (await this.summaryOf(id))!, ...counts, games: await this.weekGames(weekId) };
  }

  /** GET /imports: newest first, without the fetched data. */
  async findAll(list: ListParams<ImportFilterDto>): Promise<ListPage<ImportSummaryDto>> {
    const { kind, week_id } = list.filter;
    const where: FindOptionsWhere<ProviderImport> = {
      ...(kind !== undefined ? { kind } : {}),
      ...(week_id !== undefined ? { week_id } : {}),
      ...(list.ids ? { id: In(list.ids) } : {}),
    };
    const [records, total] = await this.dataSource.getRepository(ProviderImport).findAndCount({
      where,
      select: SUMMARY_COLUMNS,
      order: orderOf<ProviderImport>(list, LIST_SORTABLE, { created_at: 'DESC', id: 'DESC' }),
      skip: list.skip,
      take: list.take,
    });
    return { items: records.map(summaryView), total };
  }

  /** GET /imports/{id}: a week import's preview as stored (with what its apply did), or another import's summary. */
  async findOne(id: number): Promise<ImportSummaryDto | ImportPreviewDto> {
    const record = await this.dataSource.getRepository(ProviderImport).findOneBy({ id });
    if (!record) throw new NotFoundException('Import not found');
    const view = summaryView(record);
    if (record.kind !== 'week' || !record.payload) return view;
    const { preview } = unpackPayload<WeekPayload>(record.payload);
    return { ...view, ...preview };
  }

  private weekWithSeason(manager: EntityManager, id: number): Promise<Week | null> {
    return manager.findOne(Week, { where: { id }, relations: { football_season: true } });
  }

  /** What a preview compares the fetched week with, read through `manager` (the apply's transaction). */
  private async contextOf(manager: EntityManager, weekId: number, provider: ProviderName, fetched: FetchedWeek): Promise<{ context: PreviewContext; fingerprint: string }> {
    const externalIds = [...new Set(fetched.games.map((game) => game.external_id))];
    const [index, teams, existing, elsewhere] = await Promise.all([
      this.matcher.index(provider, manager),
      manager.find(Team, { select: { id: true, name: true, classification: true } }),
      manager.find(Game, { where: { week_id: weekId }, relations: { home_team: true, away_team: true }, order: { id: 'ASC' } }),
      externalIds.length === 0
        ? Promise.resolve([] as Game[])
        : manager.find(Game, { where: { provider, external_id: In(externalIds), week_id: Not(weekId) }, relations: { week: { football_season: true } } }),
    ]);
    return {
      fingerprint: weekFingerprint(existing),
      context: {
        weekId,
        provider,
        lineProvider: this.config.providers.lineProvider,
        index,
        teams: new Map(teams.map((team) => [team.id, { name: team.name, classification: team.classification }])),
        existing,
        elsewhere: new Map(elsewhere.map((game) => [game.external_id!, `${weekDisplayName(game.week!.number)} of ${game.week!.football_season!.name}`])),
      },
    };
  }

  /**
   * The week's games not ticked leave it, through the games service (its rules, its security log line), in the
   * preview's order; one that has picks is refused, and with it the whole apply.
   */
  private async removeGames(manager: EntityManager, admin: User, removed: PreviewGame[]): Promise<void> {
    for (const game of removed) {
      await this.games.removeWithin(manager, admin, game.game_id!, null, {
        held: (picks) => `${game.away.name} at ${game.home.name} (game ${game.game_id}) has ${picks}: tick it to keep it in the week, or delete its picks first.`,
        by: 'by an import',
      });
    }
  }

  private async summaryOf(id: number): Promise<ImportSummaryDto | null> {
    const record = await this.dataSource.getRepository(ProviderImport).findOne({ where: { id }, select: SUMMARY_COLUMNS });
    return record && summaryView(record);
  }

  /** The week's games as the games API shows them, with where each came from. */
  private async weekGames(weekId: number): Promise<GameResponseDto[]> {
    const games = await this.dataSource.getRepository(Game).find({
      where: { week_id: weekId },
      relations: { week: true, home_team: true, away_team: true, winner_team: true },
      order: { game_date: 'ASC', id: 'ASC' },
    });
    return (await this.games.views(games)).map((view) => GameResponseDto.from(view));
  }
}

function summaryView(record: ProviderImport): ImportSummaryDto {
  return {
    id: record.id,
    kind: record.kind,
    provider: record.provider,
    status: record.status,
    week_id: record.week_id,
    football_season_id: record.football_season_id,
    created_by: record.created_by,
    created_at: record.created_at,
    applied_at: record.applied_at,
    summary: record.summary ? (JSON.parse(record.summary) as Record<string, unknown>) : null,
  };
}

/** What an apply does with a preview: the games kept (created or updated) and removed, checked against the request. */
export function planApply(preview: WeekPreview, dto: ApplyImportDto): { kept: PreviewGame[]; removed: PreviewGame[]; updateLines: Set<string> } {
  const byKey = new Map(preview.games.map((game) => [game.key, game]));
  const ticked = new Set(dto.games);
  const updateLines = new Set(dto.update_lines ?? []);
  const unknown = [...new Set([...ticked, ...updateLines, ...(dto.tiebreaker ? [dto.tiebreaker] : [])])].filter((key) => !byKey.has(key));
  if (unknown.length > 0) throw new UnprocessableEntityException(`Unknown game keys (not in this preview): ${unknown.join(', ')}`);
  if (dto.tiebreaker != null && !ticked.has(dto.tiebreaker)) throw new UnprocessableEntityException('The tiebreaker must be one of the ticked games.');
  const kept = preview.games.filter((game) => ticked.has(game.key));
  const unmatched = [
    ...new Set(
      kept
        .filter((game) => game.game_id === null)
        .flatMap((game) => [game.home, game.away])
        .filter((team) => team.team_id === null)
        .map((team) => team.name),
    ),
  ].sort();
  if (unmatched.length > 0) throw new UnprocessableEntityException(`Map or create these teams first: ${unmatched.join(', ')}`);
  const removed = preview.games.filter((game) => !ticked.has(game.key) && game.game_id !== null);
  return { kept, removed, updateLines };
}

/**
 * The update of a ticked game of the week: the preview's changes (a frozen line only when the apply names the game in
 * update_lines), the tiebreaker mark, and for a provider's game its id and where its line came from.
 */
export function updateOf(game: PreviewGame, current: Game, provider: ProviderName, isTiebreaker: boolean, updateLine: boolean): { change: UpdateGameDto; extra: Partial<Game> } {
  const change: UpdateGameDto = {};
  const extra: Partial<Game> = {};
  let lineWritten = false;
  for (const { field, to } of game.changes) {
    const isLine = field === 'betting_line' || field === 'betting_line_team';
    if (isLine && game.line_frozen && !updateLine) continue;
    if (isLine) lineWritten = true;
    Object.assign(change, { [field]: to });
  }
  if (lineWritten) {
    // Both halves of the line go together, so the game's rules see a whole line.
    change.betting_line = game.betting_line;
    change.betting_line_team = game.betting_line_team;
    extra.line_source = game.line_source;
    extra.line_taken_at = game.line_taken_at ? new Date(game.line_taken_at) : null;
  }
  if (current.is_tiebreaker !== isTiebreaker) change.is_tiebreaker = isTiebreaker;
  const id = providerIdOf(provider, game.key);
  if (id.provider !== null && (current.provider !== id.provider || current.external_id !== id.external_id)) Object.assign(extra, id);
  return { change, extra };
}

/**
 * Where a game came from, as the game keeps it: a provider's game id. A CSV row's key (`row:3`, `game:12`) names a
 * line of one file or a game we have, not a game of a provider, so a game from a file keeps no provider id.
 */
function providerIdOf(provider: ProviderName, key: string): Pick<Game, 'provider' | 'external_id'> {
  return provider === 'csv' || key.startsWith('game:') ? { provider: null, external_id: null } : { provider, external_id: key };
}

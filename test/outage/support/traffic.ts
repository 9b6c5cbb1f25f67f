import { AppProcess, Outcome } from './app-process';
import { sleep } from './processes';

export interface Game {
  id: number;
  home: { id: number; name: string };
  away: { id: number; name: string };
}

export interface PickOutcome extends Outcome {
  member: number;
  game: number;
  /** The team the pick named. */
  teamId: number;
}

export const isOk = (outcome: Outcome) => outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300;

/**
 * Steady pick traffic: one worker per member, each with one POST /api/picks in flight at a time, going round its
 * games and switching the picked team every round (so each request changes the stored pick). One request at a time
 * per member keeps the order of each member's writes known: the last acknowledged value of a game is what the
 * database must hold.
 */
export class PickTraffic {
  readonly outcomes: PickOutcome[] = [];
  /** The last request of each member and game, keyed "member:game". */
  readonly last = new Map<string, PickOutcome>();
  private stopAt?: number;
  private workers: Promise<void>[] = [];

  constructor(
    private readonly app: AppProcess,
    private readonly members: { id: number; token: string }[],
    private readonly games: Game[],
    private readonly timeoutMs: number,
  ) {}

  start(): void {
    this.workers = this.members.map((member, index) => this.work(member, index));
  }

  /**
   * Ends the traffic: each member goes on only with the games whose last request was not acknowledged, until every
   * game is settled with a 2xx or `deadline` passes.
   */
  async stop(deadline: number): Promise<void> {
    this.stopAt = deadline;
    await Promise.all(this.workers);
  }

  unsettled(memberId: number): number[] {
    return this.games.map((game) => game.id).filter((game) => !isOk(this.last.get(`${memberId}:${game}`) ?? ({} as Outcome)));
  }

  private async work(member: { id: number; token: string }, index: number): Promise<void> {
    for (let i = 0; ; i++) {
      if (this.stopAt !== undefined && (Date.now() > this.stopAt || this.unsettled(member.id).length === 0)) return;
      const game = this.games[i % this.games.length];
      if (this.stopAt !== undefined && !this.unsettled(member.id).includes(game.id)) continue;
      const team = (Math.floor(i / this.games.length) + index) % 2 === 0 ? game.home : game.away;
      const outcome = await this.app.call('POST', '/api/picks', { token: member.token, body: { game_id: game.id, selected_winner: team.name }, timeoutMs: this.timeoutMs });
      const pick: PickOutcome = { ...outcome, member: member.id, game: game.id, teamId: team.id };
      this.outcomes.push(pick);
      this.last.set(`${member.id}:${game.id}`, pick);
      await sleep(isOk(outcome) ? 20 : 100);
    }
  }
}

/** GET /api/health, one at a time, every `everyMs`. */
export class HealthProbe {
  readonly outcomes: Outcome[] = [];
  private stopped = false;
  private loop?: Promise<void>;

  constructor(
    private readonly app: AppProcess,
    private readonly everyMs: number,
    private readonly timeoutMs: number,
  ) {}

  start(): void {
    this.loop = (async () => {
      while (!this.stopped) {
        this.outcomes.push(await this.app.call('GET', '/api/health', { timeoutMs: this.timeoutMs }));
        await sleep(this.everyMs);
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
  }
}

import { ApiProperty } from '@nestjs/swagger';

/** Who can still win a week or the season (docs/saturday.md#who-can-still-win). */
export type ContentionStatus = 'clinched' | 'can_win' | 'eliminated';
export type ContentionMethod = 'final' | 'enumerated' | 'bound';

/** One result a path needs: the game and the side that must win (against the spread: cover), or a push. */
export class PathConditionDto {
  game_id!: number;
  outcome!: 'home' | 'away' | 'push';
  /** The team named in the path's text; null for a push. */
  @ApiProperty({ description: 'The team named in the path\'s text; null for a push.' })
  team_name!: string | null;
}

/** A set of results that makes the member win whatever else happens, with its text ("Georgia and Texas win"). */
export class ContentionPathDto {
  text!: string;
  conditions!: PathConditionDto[];
  /** The path leaves a tie on points that the tiebreaker game's final score decides in the member's favour. */
  @ApiProperty({ description: 'The path leaves a tie on points that the tiebreaker game\'s final score decides in the member\'s favour.' })
  needs_tiebreaker!: boolean;
}

export class ContenderDto {
  user!: { id: number; name: string };
  /** Points already earned (decided games only). */
  @ApiProperty({ description: 'Points already earned (decided games only).' })
  current!: number;
  /** The most points the member can still reach. */
  @ApiProperty({ description: 'The most points the member can still reach.' })
  max!: number;
  status!: ContentionStatus;
  /** Enumerated races only: up to 5 paths to a win for a member who can win; else null. */
  @ApiProperty({ description: 'Enumerated races only: up to 5 paths to a win for a member who can win; else null.' })
  paths!: ContentionPathDto[] | null;
  /** How many further paths were left out. */
  @ApiProperty({ description: 'How many further paths were left out.' })
  more_paths!: number;
}

/** A member who won a race that is over. */
export class ContentionWinnerDto {
  id!: number;
  name!: string;
}

export class ContentionDto {
  scope!: 'week' | 'season';
  method!: ContentionMethod;
  /** Games not decided yet; of them, those still open to picks (not locked). */
  @ApiProperty({ description: 'Games not decided yet; of them, those still open to picks (not locked).' })
  undecided_games!: number;
  open_games!: number;
  /** Enumerated races: how many outcomes were scored; else null. */
  @ApiProperty({ description: 'Enumerated races: how many outcomes were scored; else null.' })
  outcomes!: number | null;
  /** Contenders first (clinched, then can_win, by max then current), the eliminated last. */
  @ApiProperty({ description: 'Contenders first (clinched, then can_win, by max then current), the eliminated last.' })
  contenders!: ContenderDto[];
  /**
   * Once the race is over (`method: final`): who won it, a shared first place naming each (empty when nobody had a
   * pick to count); null while it is still being played.
   */
  @ApiProperty({
    description: 'Once the race is over (method final): who won it, each of a shared first place (empty when nobody had a pick to count); null while it is still being played.',
  })
  winners?: ContentionWinnerDto[] | null;
}

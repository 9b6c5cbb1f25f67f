/**
 * Import Games' state (docs/imports.md): the source chosen, the preview shown, what the admin ticked, and how the last
 * step ended, as one reducer; the calls that move it are useImportFlow's.
 */
import type { ImportPreview, ImportRequest, ProviderInfo, ProviderName } from './importTypes';
import { selectable } from './importRules';

/** What the admin has ticked: the games, the tiebreaker, and the frozen lines to update anyway. */
export interface Choice {
  selected: Set<string>;
  tiebreaker: string | null;
  updateLines: Set<string>;
}

/**
 * The choice a preview starts with: the games already in the week (the server's `selected`) and its tiebreaker; after
 * a mapping asks again, what the admin had ticked stays ticked.
 */
export function initialChoice(preview: ImportPreview, carried?: Choice): Choice {
  const byKey = new Map(preview.games.map((game) => [game.key, game]));
  const keep = (key: string) => byKey.has(key) && selectable(byKey.get(key)!);
  if (carried) {
    const selected = new Set([...carried.selected].filter(keep));
    return {
      selected,
      tiebreaker: carried.tiebreaker && selected.has(carried.tiebreaker) ? carried.tiebreaker : null,
      updateLines: new Set([...carried.updateLines].filter((key) => selected.has(key))),
    };
  }
  const selected = new Set(preview.games.filter((game) => game.selected && selectable(game)).map((game) => game.key));
  const tiebreaker = preview.games.find((game) => game.is_tiebreaker && selected.has(game.key))?.key ?? null;
  return { selected, tiebreaker, updateLines: new Set() };
}

/** CFBD when it has its key, else the keyless scoreboard. */
export const defaultProvider = (providers: ProviderInfo[]): ProviderName | null =>
  providers.find((one) => one.name === 'cfbd' && one.configured)?.name ?? providers.find((one) => one.name === 'scoreboard' && one.configured)?.name ?? providers.find((one) => one.configured)?.name ?? null;

/** An import applied: what it did, and the week it set up (for "View the week's games"). */
export interface Applied {
  text: string;
  seasonId: number;
  weekId: number;
}

/** "View the week's games": the games list filtered to the week just set up. */
export const weekGamesPath = (seasonId: number | string, weekId: number | string) =>
  `/admin/games?${new URLSearchParams({ filter: JSON.stringify({ football_season_id: Number(seasonId), week_id: Number(weekId) }) })}`;

/** A week's CSV file as read: its name and its text. */
export interface CsvText {
  name: string;
  text: string;
}

/** A failure's text; `offerCsv` when a provider could not be reached, so the CSV file is offered as the way on. */
export interface ImportFailure {
  text: string;
  offerCsv: boolean;
}

export interface ImportState {
  /** The source the admin chose; null shows the default one (defaultProvider). */
  provider: ProviderName | null;
  csv: CsvText | null;
  /** What the preview shown was asked with: a mapping asks it again. */
  request: ImportRequest | null;
  preview: ImportPreview | null;
  choice: Choice;
  error: ImportFailure | null;
  applied: Applied | null;
}

export type ImportEvent =
  /** A new source is a new attempt: the last one's failure no longer applies. */
  | { type: 'source'; provider: ProviderName }
  | { type: 'csv'; csv: CsvText }
  /** Another season or week: nothing shown belongs to it. */
  | { type: 'week' }
  /** A call starts: the last failure goes; a new preview (`fresh`) also puts away the last import's result. */
  | { type: 'start'; fresh?: boolean }
  | { type: 'previewed'; request: ImportRequest; preview: ImportPreview; carried?: Choice }
  | { type: 'choice'; choice: Choice }
  | { type: 'applied'; applied: Applied }
  | { type: 'failed'; error: ImportFailure };

export const emptyChoice = (): Choice => ({ selected: new Set(), tiebreaker: null, updateLines: new Set() });

export const initialImportState = (provider: ProviderName | null): ImportState => ({
  provider,
  csv: null,
  request: null,
  preview: null,
  choice: emptyChoice(),
  error: null,
  applied: null,
});

export function importReducer(state: ImportState, event: ImportEvent): ImportState {
  switch (event.type) {
    case 'source':
      return { ...state, provider: event.provider, error: null };
    case 'csv':
      return { ...state, csv: event.csv };
    case 'week':
      return { ...state, preview: null, applied: null, error: null };
    case 'start':
      return { ...state, error: null, applied: event.fresh ? null : state.applied };
    case 'previewed':
      return { ...state, request: event.request, preview: event.preview, choice: initialChoice(event.preview, event.carried) };
    case 'choice':
      return { ...state, choice: event.choice };
    case 'applied':
      return { ...state, applied: event.applied };
    case 'failed':
      return { ...state, error: event.error };
  }
}

import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import ScoreboardIcon from '@mui/icons-material/Scoreboard';
import StarIcon from '@mui/icons-material/Star';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Alert, Box, Button, Chip, LinearProgress, Tooltip } from '@mui/material';
import { useState } from 'react';
import { CreateButton, DataTable, List, SimpleList, TopToolbar, useListContext, useRecordContext, useRefresh } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { dateTimeText, lineText } from '../../format';
import { useDialogRoute } from '../common/dialogRoute';
import { LoadError, quietLoad, RowActions, useIsSmall } from '../common/listParts';
import { useCurrentSeasonWeek } from '../common/seasonWeek';
import type { GameRecord } from '../dataProvider';
import { SyncScoresButton } from '../imports/ScoreSync';
import { SeasonSelectInput } from '../weeks/WeekInputs';
import { WeekFilterInput } from '../weeks/WeekList';
import { importPageAddress, WeekCsvActions } from './GameCsv';
import { GameCreate } from './GameCreate';
import { GameEdit } from './GameEdit';
import { matchup, statusName } from './gameText';
import { QuickScoring } from './QuickScoring';

const filters = [<SeasonSelectInput key="season" validate={false} alwaysOn />, <WeekFilterInput key="week" alwaysOn />];


/** docs/imports.md: where an imported game came from and what the score sync flagged (until the API types carry them). */
type ImportedGame = GameRecord & { sync_flag?: string | null; line_source?: string | null };

function Matchup() {
  const game = useRecordContext<ImportedGame>();
  if (!game) return null;
  return (
    <>
      {matchup(game)}
      {game.sync_flag && (
        <Tooltip title={game.sync_flag}>
          <Chip size="small" icon={<WarningAmberIcon />} label="Check score" color="warning" sx={{ ml: 1 }} tabIndex={0} aria-label={`Score sync flag: ${game.sync_flag}`} />
        </Tooltip>
      )}
      {game.is_tiebreaker && (
        <Tooltip title="Tiebreaker game">
          <Chip size="small" icon={<StarIcon />} label="Tiebreaker" color="secondary" sx={{ ml: 1 }} />
        </Tooltip>
      )}
    </>
  );
}

/** The line, with where it was taken (a provider's book, a CSV, the admin) in a tooltip. */
function LineWithSource({ game }: { game: ImportedGame }) {
  const text = lineText(game);
  if (!text) return null;
  if (!game.line_source) return <>{text}</>;
  return (
    <Tooltip title={`Line source: ${game.line_source}`}>
      <Box component="span" tabIndex={0}>
        {text}
      </Box>
    </Tooltip>
  );
}

/** "Import games" (on the listed week) and "Sync scores now" (for it). */
function ImportActions() {
  const { filterValues } = useListContext();
  const { football_season_id: seasonId, week_id: weekId } = filterValues as { football_season_id?: number; week_id?: number };
  return (
    <>
      <Button component={RouterLink} to={importPageAddress(seasonId, weekId)} variant="outlined" startIcon={<CloudDownloadIcon />}>
        Import games
      </Button>
      <SyncScoresButton weekId={weekId} />
    </>
  );
}

const scoreText = (game: GameRecord) => (game.away_score === null || game.home_score === null ? '' : `${game.away_score} – ${game.home_score}`);

/** The dialogs sit inside the list, so a new game starts in the season and week the list shows. */
function GameDialogs() {
  const { creating, editId, close } = useDialogRoute('games');
  const { filterValues } = useListContext();
  return (
    <>
      {creating && <GameCreate onClose={close} seasonId={filterValues.football_season_id} weekId={filterValues.week_id} />}
      {editId && <GameEdit id={editId} onClose={close} />}
    </>
  );
}

const noGames = <Alert severity="info" sx={{ m: 2 }}>No games found for this week.</Alert>;

/** The week's games: a table, or on a phone a list whose rows open the edit dialog (delete sits in it). */
function GameRows() {
  const small = useIsSmall();
  if (small) {
    return (
      <SimpleList<GameRecord>
        primaryText={(game) => matchup(game)}
        secondaryText={(game: ImportedGame) => [dateTimeText(game.game_date), statusName(game.status), scoreText(game), game.sync_flag ? `⚠ ${game.sync_flag}` : ''].filter(Boolean).join(' · ')}
        tertiaryText={(game) => (game.winner_team ? `Winner: ${game.winner_team.name}` : game.is_tiebreaker ? 'Tiebreaker' : '')}
        rowClick="edit"
        empty={noGames}
      />
    );
  }
  return (
    <DataTable rowClick={false} bulkActionButtons={false} empty={noGames}>
      <DataTable.Col source="game_date" label="Game Date" render={(game: GameRecord) => dateTimeText(game.game_date)} />
      <DataTable.Col source="week.number" label="Week" />
      <DataTable.Col source="home_team.name" label="Matchup">
        <Matchup />
      </DataTable.Col>
      <DataTable.Col source="betting_line" label="Line" render={(game: ImportedGame) => <LineWithSource game={game} />} />
      <DataTable.Col source="status" label="Status" render={(game: GameRecord) => statusName(game.status)} />
      <DataTable.Col source="home_score" label="Score" render={scoreText} />
      <DataTable.Col source="winner_team_id" label="Winner" render={(game: GameRecord) => game.winner_team?.name ?? 'No Winner/TBD'} />
      <DataTable.Col label="Deadline" render={(game: GameRecord) => game.deadline_status.replace('_', ' ')} />
      <DataTable.Col label="Actions" align="right">
        <RowActions />
      </DataTable.Col>
    </DataTable>
  );
}

/** The table, or quick scoring of the same games. */
function GamesOrScoring({ scoring, onDone }: { scoring: boolean; onDone: () => void }) {
  const refresh = useRefresh();
  if (!scoring) return <GameRows />;
  return (
    <QuickScoring
      onDone={() => {
        onDone();
        refresh();
      }}
    />
  );
}

export const GameList = () => {
  const current = useCurrentSeasonWeek();
  const [scoring, setScoring] = useState(false);
  // docs/product.md#screens: the filters start on the current season and its current week.
  if (current.isPending) return <LinearProgress aria-label="Loading" />;
  const defaults = {
    ...(current.data?.season ? { football_season_id: current.data.season.id } : {}),
    ...(current.data?.week ? { week_id: current.data.week.id } : {}),
  };
  return (
    <>
      <List
        title="Manage Games"
        perPage={50}
        sort={{ field: 'game_date', order: 'ASC' }}
        filters={filters}
        filterDefaultValues={defaults}
        actions={
          <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ImportActions />
            <WeekCsvActions />
            <Button variant={scoring ? 'contained' : 'outlined'} startIcon={<ScoreboardIcon />} aria-pressed={scoring} onClick={() => setScoring((on) => !on)}>
              Score games
            </Button>
            {/* On a phone react-admin floats "Add Game" over the page, where it would cover the last game's scores. */}
            {!scoring && <CreateButton label="Add Game" variant="contained" />}
          </TopToolbar>
        }
        empty={false}
        error={<LoadError resource="games" />}
        queryOptions={quietLoad}
      >
        <GamesOrScoring scoring={scoring} onDone={() => setScoring(false)} />
        <GameDialogs />
      </List>
    </>
  );
};

import SportsFootballIcon from '@mui/icons-material/SportsFootball';
import type { GameRecord } from '../dataProvider';
import { GameList, matchup } from './GameList';

export default {
  list: GameList,
  hasCreate: true,
  hasEdit: true,
  icon: SportsFootballIcon,
  recordRepresentation: (game: GameRecord) => matchup(game),
};

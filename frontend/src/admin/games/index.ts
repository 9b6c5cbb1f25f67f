import SportsFootballIcon from '@mui/icons-material/SportsFootball';
import type { GameRecord } from '../dataProvider';
import { GameList } from './GameList';
import { matchup } from './gameText';

export default {
  list: GameList,
  hasCreate: true,
  hasEdit: true,
  icon: SportsFootballIcon,
  recordRepresentation: (game: GameRecord) => matchup(game),
};

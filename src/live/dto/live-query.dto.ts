import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { ToWholeNumber } from '../../seasons/weeks/dto/date-fields';

/** The most rows one page of GET /live/members answers. */
export const LIVE_PAGE_MAX = 200;

/** GET /live/members and GET /weeks/{id}/live/members: a page of the board's rows. */
export class LiveMembersQueryDto {
  @IsOptional() @Min(0, { message: 'offset must be a whole number from 0' }) @IsInt({ message: 'offset must be a whole number from 0' }) @ToWholeNumber()
  offset?: number;

  @IsOptional()
  @Max(LIVE_PAGE_MAX, { message: `limit must be a whole number from 1 to ${LIVE_PAGE_MAX}` })
  @Min(1, { message: `limit must be a whole number from 1 to ${LIVE_PAGE_MAX}` })
  @IsInt({ message: `limit must be a whole number from 1 to ${LIVE_PAGE_MAX}` })
  @ToWholeNumber()
  limit?: number;
}

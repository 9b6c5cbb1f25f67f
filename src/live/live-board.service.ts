import { Injectable } from '@nestjs/common';
import type { ContentionDto } from '../results/dto/contention.dto';
import type { LiveBoardDto, LiveStatusDto } from './dto/live-board.dto';

/** The live board (docs/saturday.md#the-live-board): one shared answer per week, kept 5 seconds. */
@Injectable()
export class LiveBoardService {
  /** The board of a week and its ETag; 404 for an unknown week. */
  board(weekId: number): Promise<{ body: LiveBoardDto; etag: string }> {
    void weekId;
    throw new Error('LiveBoardService.board: being built');
  }

  /** The board of the current week (GET /weeks/current's). */
  current(): Promise<{ body: LiveBoardDto; etag: string }> {
    throw new Error('LiveBoardService.current: being built');
  }

  status(): Promise<LiveStatusDto> {
    throw new Error('LiveBoardService.status: being built');
  }

  /** Who can still win the week and its season, for the e-mails. */
  contention(weekId: number): Promise<{ week: ContentionDto; season: ContentionDto | null }> {
    void weekId;
    throw new Error('LiveBoardService.contention: being built');
  }
}

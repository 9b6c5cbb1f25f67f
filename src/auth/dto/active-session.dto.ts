import { ApiProperty } from '@nestjs/swagger';

/** GET /me/sessions: one of the member's sessions that still works. */
export class ActiveSessionDto {
  /** The session's public id, for DELETE /me/sessions/{id}. */
  @ApiProperty({ description: 'The session\'s public id, for DELETE /api/me/sessions/{id}.' })
  id!: string;
  created_at!: Date;
  last_seen_at!: Date;
  ip!: string | null;
  /** A short description of the browser: "Firefox on Windows". */
  @ApiProperty({ description: 'A short description of the browser, e.g. "Firefox on Windows".' })
  user_agent!: string;
  /** Whether this is the session the request was made with. */
  @ApiProperty({ description: 'True for the session the request was made with.' })
  current!: boolean;
}

import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString } from 'class-validator';

/** POST /api/teams/import: a teams CSV as text (docs/imports.md#csv). */
export class ImportTeamsCsvDto {
  /** The file's text: a header (id, name, nickname, mascot, conference, city, state, webpage_url, classification, alternate_names), then one line per team. */
  @ApiProperty({
    description: 'The file\'s text: a header (id, name, nickname, mascot, conference, city, state, webpage_url, classification, alternate_names), then one line per team.',
  })
  @IsString({ message: 'csv must be the text of a CSV file' })
  @IsNotEmpty({ message: 'csv is required' })
  csv!: string;
}

/** What an import did: rows that created a team, changed one, or left one as it was. */
export class TeamsImportResultDto {
  created!: number;
  updated!: number;
  unchanged!: number;
}

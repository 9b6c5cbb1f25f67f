import { ApiProperty } from '@nestjs/swagger';
import type { ProviderName } from '../providers/provider';
import type { Capability } from '../providers/providers.service';

/** GET /api/providers: a data provider, whether it is set up, and what it can give. */
export class ProviderInfoDto {
  name!: ProviderName;
  label!: string;
  /** False for CollegeFootballData without CFBD_API_KEY. */
  @ApiProperty({ description: 'False when the provider needs an API key the server does not have.' })
  configured!: boolean;
  capabilities!: Capability[];
  /** The CSV file's: the pool's time zone, in which a kickoff written without a zone (12/31/2026 7:30 PM) is read. Null for the others. */
  @ApiProperty({
    description: 'For the csv provider: the pool\'s time zone, in which a kickoff written without a zone (12/31/2026 7:30 PM) is read. Null for the others.',
  })
  time_zone!: string | null;
}

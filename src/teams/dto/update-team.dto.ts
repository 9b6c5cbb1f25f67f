import { PartialType } from '@nestjs/swagger';
import { CreateTeamDto } from './create-team.dto';

/**
 * docs/product.md#api PATCH /teams/{id} (and PUT, as react-admin sends it): any of the team's fields; the required ones may
 * be left out but not cleared. `skipNullProperties: false` keeps null under the create rules, so a required field sent
 * as null is refused with the create's message rather than skipped.
 */
export class UpdateTeamDto extends PartialType(CreateTeamDto, { skipNullProperties: false }) {}

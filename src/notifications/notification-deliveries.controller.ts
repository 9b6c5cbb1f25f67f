import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/decorators/roles.decorator';
import { IdParam } from '../common/pipes/id-param.pipe';
import { DeliveryLedgerService } from './delivery-ledger.service';
import { DeliveryResponseDto } from './dto/delivery-response.dto';

/** The delivery log's actions (the log itself is GET /api/weekly_notifications/deliveries). */
@ApiTags('notifications')
@ApiBearerAuth()
@Roles('admin')
@Controller('notification_deliveries')
export class NotificationDeliveriesController {
  constructor(private readonly ledger: DeliveryLedgerService) {}

  /** Sends a failed e-mail again: it is queued for a fresh series of attempts (422 unless it failed). */
  @ApiOperation({
    summary: 'Send a failed e-mail again (admins only)',
    description: 'It is queued for a fresh series of attempts; 422 unless it failed.',
  })
  @Post(':id/retry')
  @HttpCode(200)
  async retry(@Param('id', IdParam()) id: number): Promise<DeliveryResponseDto> {
    return DeliveryResponseDto.from(await this.ledger.retry(id));
  }
}

import { Body, Controller, Get, Ip, Param, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Roles } from '../common/decorators/roles.decorator';
import { ListAnswer, ListOf } from '../common/list/list-answer';
import { ListParams, ListQuery } from '../common/list/list-query';
import { IdParam } from '../common/pipes/id-param.pipe';
import type { Principal } from '../common/principal';
import { EntryPaymentDto, EntryPaymentFilterDto, MarkPaidDto, MarkPaidResultDto, PotDto } from './dto/entry-payments.dto';
import { PayoutsService } from './payouts.service';

/** A season's pot (docs/pool-formats.md#entry-fees-and-payouts): every member reads it; admins mark who paid. */
@ApiTags('payouts')
@ApiBearerAuth()
@Controller('seasons')
export class PotController {
  constructor(private readonly payouts: PayoutsService) {}

  @ApiOperation({ summary: 'A season\'s pot: fees paid, payouts and winnings so far (any signed-in user)' })
  @Get(':id/pot')
  pot(@CurrentUser() reader: Principal, @Param('id', IdParam()) id: number): Promise<PotDto> {
    return this.payouts.pot(id, reader);
  }

  /** Marks members paid or unpaid; each change is written to the security log. */
  @ApiOperation({ summary: 'Mark members\' entry fees paid or unpaid (admins only)' })
  @Patch(':id/entry_payments')
  @Roles('admin')
  mark(@CurrentUser() admin: Principal, @Param('id', IdParam()) id: number, @Body() dto: MarkPaidDto, @Ip() ip: string): Promise<MarkPaidResultDto> {
    return this.payouts.mark(id, dto, admin, ip);
  }
}

/** The admin's list of a season's members with their paid status (react-admin's list dialect). */
@ApiTags('payouts')
@ApiBearerAuth()
@Controller('entry_payments')
export class EntryPaymentsController {
  constructor(private readonly payouts: PayoutsService) {}

  @ApiOperation({ summary: 'List a season\'s members with their entry-fee status (admins only)' })
  @Get()
  @Roles('admin')
  @ListOf(EntryPaymentDto)
  async findAll(@ListQuery(EntryPaymentFilterDto) list: ListParams<EntryPaymentFilterDto>): Promise<ListAnswer<EntryPaymentDto>> {
    return ListAnswer.of('entry_payments', list, await this.payouts.list(list), (row) => row);
  }
}

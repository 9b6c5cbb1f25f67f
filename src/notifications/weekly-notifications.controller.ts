import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Roles } from '../common/decorators/roles.decorator';
import { ListAnswer, ListOf } from '../common/list/list-answer';
import { ListParams, ListQuery } from '../common/list/list-query';
import type { User } from '../users/entities/user.entity';
import { DeliveryFilterDto } from './dto/delivery-filter.dto';
import { DeliveryResponseDto } from './dto/delivery-response.dto';
import { SendWeeklyNotificationDto, WeekQueryDto } from './dto/week-query.dto';
import { SendResultDto, WeeklyPreviewDto } from './dto/weekly-preview.dto';
import { WeeklyNotificationsService } from './weekly-notifications.service';
import { WeekValidationDto } from './dto/week-validation.dto';
import { WeeklySendStatusDto } from './dto/weekly-send-status.dto';

/** docs/product.md#api "Notifications": the admin's weekly e-mail. */
@ApiTags('notifications')
@ApiBearerAuth()
@Roles('admin')
@Controller('weekly_notifications')
export class WeeklyNotificationsController {
  constructor(private readonly notifications: WeeklyNotificationsService) {}

  @ApiOperation({ summary: 'Check whether a week is ready for the weekly e-mail (admins only)' })
  @Get('validate')
  validate(@Query() query: WeekQueryDto): Promise<WeekValidationDto> {
    return this.notifications.validate(query.week_id);
  }

  @ApiOperation({ summary: 'Preview the weekly e-mail, as addressed to you (admins only)' })
  @Get('preview')
  preview(@CurrentUser() admin: User, @Query() query: WeekQueryDto): Promise<WeeklyPreviewDto> {
    return this.notifications.previewFor(admin, query.week_id);
  }

  /** Whether the week's e-mail was sent already: when, to how many, and what the mail server did with it. */
  @ApiOperation({ summary: 'Whether a week\'s e-mail was sent: when, to how many, and how delivery went (admins only)' })
  @Get('status')
  status(@Query() query: WeekQueryDto): Promise<WeeklySendStatusDto> {
    return this.notifications.status(query.week_id);
  }

  @ApiOperation({ summary: 'Send the weekly e-mail to the members (admins only)' })
  @Post('send')
  @HttpCode(200)
  send(@Body() dto: SendWeeklyNotificationDto): Promise<SendResultDto> {
    return this.notifications.send(dto.week_id);
  }

  @ApiOperation({ summary: 'List e-mail deliveries (admins only)' })
  @Get('deliveries')
  @ListOf(DeliveryResponseDto)
  async deliveries(@ListQuery(DeliveryFilterDto) list: ListParams<DeliveryFilterDto>): Promise<ListAnswer<DeliveryResponseDto>> {
    return ListAnswer.of('deliveries', list, await this.notifications.deliveries(list), DeliveryResponseDto.from);
  }
}

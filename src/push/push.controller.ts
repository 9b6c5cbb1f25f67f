import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { IdParam } from '../common/pipes/id-param.pipe';
import { AppConfig } from '../config/app-config';
import type { User } from '../users/entities/user.entity';
import { CreatePushSubscriptionDto, PushPublicKeyDto, PushSubscriptionDto } from './dto/push-subscription.dto';
import { PushSubscriptionsService } from './push-subscriptions.service';

/** The key browsers subscribe with: public (it is in every subscription request a browser makes anyway). */
@ApiTags('push')
@Controller('push')
export class PushKeyController {
  constructor(private readonly config: AppConfig) {}

  @Public()
  @ApiOperation({ summary: 'The key browsers subscribe to push notifications with (public, no sign-in)' })
  @Get('public_key')
  publicKey(): PushPublicKeyDto {
    return { public_key: this.config.push.vapidPublicKey };
  }
}

/** The member's devices that receive push notifications (docs/push.md#subscriptions). */
@ApiTags('push')
@ApiBearerAuth()
@Controller('me/push_subscriptions')
export class MyPushSubscriptionsController {
  constructor(private readonly subscriptions: PushSubscriptionsService) {}

  @ApiOperation({ summary: 'List your devices that receive push notifications (any signed-in user)' })
  @Get()
  list(@CurrentUser() user: User): Promise<PushSubscriptionDto[]> {
    return this.subscriptions.list(user);
  }

  /**
   * The browser's PushSubscription JSON. 201 when the device is new, 200 with the same id when the endpoint was
   * subscribed already (its keys and owner are updated). 422 for an endpoint off the known push services (unless
   * PUSH_ENDPOINT_ALLOW lists it) or malformed keys. A member keeps at most 10 devices: an 11th replaces the one
   * silent the longest.
   */
  @ApiOperation({
    summary: 'Subscribe a device to push notifications (any signed-in user)',
    description: 'The body is the browser\'s PushSubscription JSON. 201 when the device is new; 200 with the same id when the endpoint was subscribed already (its keys and owner are updated). 422 for an endpoint off the known push services or malformed keys. A member keeps at most 10 devices: an 11th replaces the one silent the longest.',
  })
  @Post()
  @ApiCreatedResponse({ type: PushSubscriptionDto, description: 'A new device' })
  @ApiOkResponse({ type: PushSubscriptionDto, description: 'The endpoint was subscribed already: updated' })
  async subscribe(
    @CurrentUser() user: User,
    @Body() body: CreatePushSubscriptionDto,
    @Headers('user-agent') userAgent: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PushSubscriptionDto> {
    const { created, subscription } = await this.subscriptions.subscribe(user, body, userAgent);
    reply.status(created ? 201 : 200);
    return subscription;
  }

  /** Unsubscribes one of the member's own devices; another member's answers 404. */
  @ApiOperation({ summary: 'Unsubscribe one of your devices (any signed-in user)', description: 'Another member\'s device answers 404.' })
  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUser() user: User, @Param('id', IdParam()) id: number): Promise<void> {
    return this.subscriptions.remove(user, id);
  }
}

import { Controller, Get, Headers, HttpCode, NotFoundException, Post, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import Handlebars from 'handlebars';
import { Public } from '../../common/decorators/public.decorator';
import { AppConfig } from '../../config/app-config';
import { byAddress, Throttled } from '../../security/throttle.guard';
import { tryAgainIn } from '../../security/throttles.service';
import { NotificationPreferencesService } from './notification-preferences.service';
import type { NotificationKind } from './notification-kinds';
import { UnsubscribeClaims, UnsubscribeLinks, UNSUBSCRIBE_PATH } from './unsubscribe-links';

export const UNSUBSCRIBE_NOT_FOUND = 'This unsubscribe link is not valid';
const HTML = 'text/html; charset=utf-8';

/** Per address, failures only (a made-up or altered link), as for the other links e-mails carry. */
const UNSUBSCRIBE_THROTTLE = {
  name: 'unsubscribe-token-ip',
  points: 30,
  durationSeconds: 15 * 60,
  message: (waitMs: number) => `Too many requests. ${tryAgainIn(waitMs)}`,
};

/** What the member stops getting, in words. */
const KIND_WORDS: Partial<Record<NotificationKind, string>> = {
  weekly_email: 'the weekly e-mail',
  reminders: 'pick reminder e-mails',
  picks_sheet: 'the picks sheet e-mail',
};

export class UnsubscribedDto {
  /** The kind whose e-mail is now off. */
  kind!: NotificationKind;
  /** Always false: the kind's e-mail channel. */
  email!: boolean;
}

/**
 * One-click unsubscribe (RFC 8058; docs/security.md#one-click-unsubscribe): the signed link of an e-mail's
 * List-Unsubscribe header. No session and no CSRF token: a mail provider POSTs it on the member's behalf, and the
 * signature is the proof. GET never unsubscribes (link scanners prefetch): it answers a page whose button POSTs.
 */
@ApiTags('account')
@Controller('unsubscribe')
export class UnsubscribeController {
  private readonly links: UnsubscribeLinks;

  constructor(
    private readonly preferences: NotificationPreferencesService,
    private readonly config: AppConfig,
  ) {
    this.links = new UnsubscribeLinks(config.jwtSecret, config.appUrl);
  }

  /** A page asking to confirm, with a button that POSTs; 404 for a bad link. Changes nothing. */
  @Public()
  @ApiOperation({
    summary: 'A page asking to confirm an e-mail unsubscribe link; changes nothing (public, no sign-in: the signed link is the key)',
    description: '404 for a bad link.',
  })
  @Get()
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'A confirmation page', schema: { type: 'string' } })
  @ApiNotFoundResponse({ description: 'A malformed, altered or foreign token, or a deleted member' })
  @Throttled({ policy: UNSUBSCRIBE_THROTTLE, key: byAddress, failuresOnly: true })
  async confirm(@Query('token') token: string, @Res({ passthrough: true }) res: FastifyReply): Promise<string> {
    const claims = await this.claimsOf(token);
    res.type(HTML);
    return this.page(
      'Stop these e-mails?',
      `<p>Stop getting ${KIND_WORDS[claims.kind]} from ${this.appName}?</p>
<form method="post" action="${UNSUBSCRIBE_PATH}?token=${token}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
    );
  }

  /**
   * Turns the link's kind of e-mail off for its member: the body a mail client sends is `List-Unsubscribe=One-Click`
   * (form-encoded or multipart), and a browser's form sends the same. Answers JSON, or a short page to a browser.
   */
  @Public()
  @ApiOperation({
    summary: 'One-click unsubscribe: turn the link\'s kind of e-mail off (public, no sign-in: the signed link is the key)',
    description: 'The body a mail client sends is `List-Unsubscribe=One-Click` (form-encoded or multipart). Answers JSON, or a short page to a browser.',
  })
  @Post()
  @HttpCode(200)
  @ApiNotFoundResponse({ description: 'A malformed, altered or foreign token, or a deleted member' })
  @Throttled({ policy: UNSUBSCRIBE_THROTTLE, key: byAddress, failuresOnly: true })
  async unsubscribe(
    @Query('token') token: string,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<UnsubscribedDto | string> {
    const claims = await this.claimsOf(token);
    await this.preferences.turnEmailOff(claims.userId, claims.kind);
    if (!accept?.includes('text/html')) return { kind: claims.kind, email: false };
    res.type(HTML);
    return this.page('You are unsubscribed', `<p>You will no longer get ${KIND_WORDS[claims.kind]} from ${this.appName}.</p>`);
  }

  private async claimsOf(token: unknown): Promise<UnsubscribeClaims> {
    const claims = this.links.verify(token);
    if (!claims || !(await this.preferences.isMember(claims.userId))) throw new NotFoundException(UNSUBSCRIBE_NOT_FOUND);
    return claims;
  }

  private get appName(): string {
    return Handlebars.Utils.escapeExpression(this.config.appName);
  }

  /** A page that needs no script and no stylesheet of its own (the CSP allows inline styles and same-origin forms). */
  private page(title: string, body: string): string {
    const manage = Handlebars.Utils.escapeExpression(`${this.config.appUrl}/profile#notifications`);
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} - ${this.appName}</title>
<style>body{font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;background:#f3f4f6;margin:0;padding:16px}main{max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:24px}h1{font-size:22px;color:#14532d;margin:0 0 12px}button{font-size:16px;background:#166534;color:#fff;border:0;border-radius:6px;padding:12px 24px;cursor:pointer}a{color:#166534}</style></head>
<body><main><h1>${title}</h1>${body}<p><a href="${manage}">Manage all your e-mails</a></p></main></body></html>`;
  }
}

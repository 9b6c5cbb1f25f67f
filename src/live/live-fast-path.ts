import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost, Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SecondFactorGuard } from '../auth/second-factor/second-factor.guard';
import { SessionGuard } from '../auth/session.guard';
import type { Principal } from '../common/principal';
import { RolesGuard } from '../common/guards/roles.guard';
import { securityHeaders } from '../web/security-headers';
import { AnswerBlocks, answerBlocks, LiveAnswer, writeAnswer } from './live-answer';
import { LIVE_FAST_PATH } from './live-board';
import { LiveBoardService } from './live-board.service';
import { LiveController } from './live.controller';

/**
 * GET /api/live, what every watcher polls, answered in a Fastify hook instead of Nest's pipeline (its router, guards
 * as a chain, parameter pipes and response handling cost more than the rest of a 304: docs/saturday.md#the-live-board).
 *
 * It answers only what it answers exactly as the controller would: a request the route's guards let through (the same
 * SessionGuard, SecondFactorGuard and RolesGuard, run on the controller's own handler), with no query or `rows` of top or all, whose board
 * is there. Anything else (no or a bad token, another query, a week that is not there, an error) goes on to Nest, which
 * answers it as before, 401, 400 and 404 included. The app's own onRequest hooks run first, as for every route; the
 * answer is then written as Fastify's reply would write it, with the same headers (the security headers included), but
 * without the reply's onSend hooks, which have nothing to add to it (live-answer.ts, writeAnswer).
 */
@Injectable()
export class LiveFastPath implements OnModuleInit {
  private readonly roles: RolesGuard;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly sessions: SessionGuard,
    private readonly secondFactor: SecondFactorGuard,
    private readonly live: LiveBoardService,
    reflector: Reflector,
  ) {
    this.roles = new RolesGuard(reflector);
  }

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (typeof fastify?.addHook !== 'function') return;
    const security = securityHeaders();
    const blocks = { http: answerBlocks(security.http), https: answerBlocks(security.https) };
    fastify.addHook('onRequest', (request, reply, done) => {
      if ((request.routeOptions.config as unknown as Record<string, unknown> | undefined)?.[LIVE_FAST_PATH] !== true || request.method !== 'GET') return done();
      // Answered here, or handed on to Nest (done) as it was.
      void this.answer(request, reply, request.protocol === 'https' ? blocks.https : blocks.http).then((answered) => answered || done());
    });
  }

  /**
   * Whether it answered; false leaves the request to Nest, untouched but for what the guards set on it (an error too:
   * Nest meets it again and answers it as it does). The answer is written to Node's response itself (writeAnswer),
   * with the headers the app's hooks set on every answer (securityHeaders) made into blocks once.
   */
  private async answer(request: FastifyRequest, reply: FastifyReply, blocks: AnswerBlocks): Promise<boolean> {
    let answer: LiveAnswer | null;
    try {
      answer = await this.tryAnswer(request, reply);
    } catch {
      return false;
    }
    if (!answer) return false;
    reply.hijack();
    try {
      writeAnswer(request.headers, reply.raw, answer, blocks);
    } catch {
      // Nothing of the answer may have gone out: the connection ends rather than carry half of one.
      reply.raw.destroy();
    }
    return true;
  }

  private async tryAnswer(request: FastifyRequest, reply: FastifyReply): Promise<LiveAnswer | null> {
    const query = request.query as Record<string, unknown>;
    let rows: 'top' | 'all' = 'top';
    for (const key in query) {
      if (key !== 'rows' || (query.rows !== 'top' && query.rows !== 'all')) return null;
      rows = query.rows;
    }
    const context = new ExecutionContextHost([request, reply], LiveController, LiveController.prototype.current);
    context.setType('http');
    if (!(await this.sessions.canActivate(context)) || !(await this.secondFactor.canActivate(context)) || !this.roles.canActivate(context)) return null;
    return this.live.board('current', (request as unknown as { user: Principal }).user, rows);
  }
}

import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { from, lastValueFrom, Observable } from 'rxjs';
import { DataSource } from 'typeorm';

/** Runs async work one at a time, in the order it arrived; a failure does not stop the work behind it. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work, work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/**
 * The embedded SQLite database has one connection, shared by every request: two transactions open at once would
 * nest in each other (TypeORM turns the second into a savepoint), so one request's rollback could undo another's
 * work. Writes therefore pass one at a time on SQLite, as SQLite itself allows a single writer anyway.
 * MySQL/MariaDB have a pool of connections with real transactions: there the gate lets everything through.
 */
@Injectable()
export class WriteGate {
  private readonly queue: SerialQueue | null;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.queue = dataSource.options.type === 'better-sqlite3' ? new SerialQueue() : null;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.queue ? this.queue.run(work) : work();
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const OUTSIDE_WRITE_GATE = 'outsideWriteGate';

/**
 * For a long-running route (e-mails to every member): the request does not hold the gate; each of its writes must
 * pass `WriteGate.run` on its own, so other requests go on meanwhile.
 */
export const OutsideWriteGate = () => SetMetadata(OUTSIDE_WRITE_GATE, true);

/** Every request that may write passes the gate (reads never write and run side by side). */
@Injectable()
export class WriteGateInterceptor implements NestInterceptor {
  constructor(
    private readonly gate: WriteGate,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    if (READS.has(request.method) || this.reflector.get<boolean>(OUTSIDE_WRITE_GATE, context.getHandler())) return next.handle();
    return from(this.gate.run(() => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}

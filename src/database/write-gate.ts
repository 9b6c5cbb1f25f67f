import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
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

/** Every request that may write passes the gate (reads never write and run side by side). */
@Injectable()
export class WriteGateInterceptor implements NestInterceptor {
  constructor(private readonly gate: WriteGate) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    if (READS.has(request.method)) return next.handle();
    return from(this.gate.run(() => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}

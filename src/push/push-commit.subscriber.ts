import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntitySubscriberInterface, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import { PUSH_QUEUED } from './push-message';
import { PushSenderService } from './push-sender.service';

/** Nudges the push sender right after a transaction that queued push messages commits (the outermost one). */
@Injectable()
export class PushCommitSubscriber implements EntitySubscriberInterface {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly sender: PushSenderService,
  ) {
    dataSource.subscribers.push(this);
  }

  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    if (queryRunner.isTransactionActive || !queryRunner.data?.[PUSH_QUEUED]) return;
    delete queryRunner.data[PUSH_QUEUED];
    this.sender.poke();
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    if (!queryRunner.isTransactionActive && queryRunner.data) delete queryRunner.data[PUSH_QUEUED];
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntitySubscriberInterface, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import { MailSenderService } from './mail-sender.service';
import { MAIL_QUEUED } from './outgoing-mail';

/** Nudges the mail sender right after a transaction that wrote e-mails commits (the outermost one). */
@Injectable()
export class OutboxCommitSubscriber implements EntitySubscriberInterface {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly sender: MailSenderService,
  ) {
    dataSource.subscribers.push(this);
  }

  afterTransactionCommit({ queryRunner }: TransactionCommitEvent): void {
    if (queryRunner.isTransactionActive || !queryRunner.data?.[MAIL_QUEUED]) return;
    delete queryRunner.data[MAIL_QUEUED];
    this.sender.poke();
  }

  afterTransactionRollback({ queryRunner }: TransactionRollbackEvent): void {
    if (!queryRunner.isTransactionActive && queryRunner.data) delete queryRunner.data[MAIL_QUEUED];
  }
}

import { Global, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CachedReads } from './cached-reads';
import { limitMysqlWaits } from './database-limits';
import { ReferenceCounter } from './reference-counter';
import { WriteGate } from './write-gate';

@Global()
@Module({
  providers: [
    {
      provide: WriteGate,
      inject: [getDataSourceToken()],
      useFactory: (dataSource: DataSource) => {
        limitMysqlWaits(dataSource);
        return new WriteGate(dataSource);
      },
    },
    { provide: CachedReads, inject: [getDataSourceToken()], useFactory: (dataSource: DataSource) => new CachedReads(dataSource) },
    { provide: ReferenceCounter, inject: [getDataSourceToken()], useFactory: (dataSource: DataSource) => new ReferenceCounter(dataSource) },
  ],
  exports: [WriteGate, CachedReads, ReferenceCounter],
})
export class DatabaseModule {}

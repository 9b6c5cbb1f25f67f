import { Global, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CachedReads } from './cached-reads';
import { limitMysqlWaits } from './database-limits';
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
  ],
  exports: [WriteGate, CachedReads],
})
export class DatabaseModule {}

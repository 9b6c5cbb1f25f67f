import { Global, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
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
  ],
  exports: [WriteGate],
})
export class DatabaseModule {}

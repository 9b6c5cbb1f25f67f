import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Public } from '../common/decorators/public.decorator';
import { AppConfig } from '../config/app-config';
import { AppConfigDto, HealthDto } from './dto/health.dto';

@ApiTags('health')
@Public()
@Controller()
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** Liveness and database status; 503 when the database does not answer. */
  @ApiOperation({ summary: 'Liveness and database status (public, no sign-in)', description: '503 when the database does not answer.' })
  @Get('health')
  async health(): Promise<HealthDto> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new ServiceUnavailableException('Database unavailable');
    }
    return { status: 'ok', database: { status: 'up', type: this.config.database.type } };
  }

  /** What the web app needs before anyone logs in. */
  @ApiOperation({ summary: 'What the web app needs before anyone logs in (public, no sign-in)' })
  @Get('app_config')
  appConfig(): AppConfigDto {
    return { app_name: this.config.appName };
  }
}

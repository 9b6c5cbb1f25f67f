import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/decorators/roles.decorator';
import { JobStatusDto } from './dto/job-status.dto';
import { JobsService } from './jobs.service';

@ApiTags('jobs')
@ApiBearerAuth()
@Roles('admin')
@Controller('jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @ApiOperation({ summary: 'Each scheduled job: its last run, outcome and next run (admins only)' })
  @Get()
  status(): Promise<JobStatusDto[]> {
    return this.jobs.status();
  }
}

import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { CfbdProvider } from './cfbd.provider';
import { PROVIDER_LABELS, ProviderName, ScheduleProvider } from './provider';
import { ScoreboardProvider } from './scoreboard.provider';

export type Capability = 'schedule' | 'lines' | 'rankings' | 'scores' | 'calendar' | 'teams';

export interface ProviderInfo {
  name: ProviderName;
  label: string;
  /** False for CFBD without CFBD_API_KEY. */
  configured: boolean;
  capabilities: Capability[];
  /** The CSV file's: the pool's time zone (TZ_DISPLAY), in which its kickoffs without a zone are read. */
  time_zone: string | null;
}

const CAPABILITIES: Record<ProviderName, Capability[]> = {
  cfbd: ['schedule', 'lines', 'rankings', 'scores', 'calendar', 'teams'],
  scoreboard: ['schedule', 'rankings', 'scores'],
  csv: ['schedule', 'lines', 'rankings', 'scores'],
};

/** The network providers by name (CSV is read from the admin's file, not fetched). */
@Injectable()
export class ProvidersService {
  private readonly cfbd: CfbdProvider;
  private readonly scoreboard: ScoreboardProvider;

  constructor(private readonly config: AppConfig) {
    this.cfbd = new CfbdProvider(config.providers);
    this.scoreboard = new ScoreboardProvider(config.providers);
  }

  list(): ProviderInfo[] {
    return (Object.keys(CAPABILITIES) as ProviderName[]).map((name) => ({
      name,
      label: PROVIDER_LABELS[name],
      configured: name !== 'cfbd' || this.config.providers.cfbdApiKey !== null,
      capabilities: CAPABILITIES[name],
      time_zone: name === 'csv' ? this.config.tzDisplay : null,
    }));
  }

  /** A network provider, refused with 422 when it is not set up (CFBD without a key) or is the CSV file. */
  get(name: Exclude<ProviderName, 'csv'>): ScheduleProvider {
    if (name === 'cfbd') {
      if (this.config.providers.cfbdApiKey === null) {
        throw new UnprocessableEntityException({ errors: ['CollegeFootballData needs an API key: set CFBD_API_KEY (free at collegefootballdata.com), or import from the NCAA scoreboard or a CSV file.'] });
      }
      return this.cfbd;
    }
    return this.scoreboard;
  }
}

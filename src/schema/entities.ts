import { PasswordReset } from '../auth/entities/password-reset.entity';
import { Session } from '../auth/entities/session.entity';
import { Passkey } from '../auth/passkeys/entities/passkey.entity';
import { WebauthnChallenge } from '../auth/passkeys/entities/webauthn-challenge.entity';
import { RecoveryCode } from '../auth/second-factor/entities/recovery-code.entity';
import { TotpFactor } from '../auth/second-factor/entities/totp-factor.entity';
import { SecurityEvent } from '../security/entities/security-event.entity';
import { Throttle } from '../security/entities/throttle.entity';
import { GameAudit } from '../games/entities/game-audit.entity';
import { Game } from '../games/entities/game.entity';
import { Invitation } from '../invitations/entities/invitation.entity';
import { JobRun } from '../jobs/entities/job-run.entity';
import { MaintenanceRun } from '../jobs/entities/maintenance-run.entity';
import { NotificationDelivery } from '../mail/entities/notification-delivery.entity';
import { PickAudit } from '../picks/entities/pick-audit.entity';
import { Pick } from '../picks/entities/pick.entity';
import { SeasonStanding } from '../results/entities/season-standing.entity';
import { WeeklyResult } from '../results/entities/weekly-result.entity';
import { ResultsCalculation } from '../results/entities/results-calculation.entity';
import { FootballSeason } from '../seasons/entities/football-season.entity';
import { Conference } from '../teams/entities/conference.entity';
import { Team } from '../teams/entities/team.entity';
import { TeamProviderId } from '../teams/entities/team-provider-id.entity';
import { ProviderImport } from '../imports/entities/provider-import.entity';
import { PushDelivery } from '../push/entities/push-delivery.entity';
import { PushSubscription } from '../push/entities/push-subscription.entity';
import { User } from '../users/entities/user.entity';
import { NotificationPreference } from '../users/preferences/notification-preference.entity';
import { Week } from '../seasons/weeks/entities/week.entity';
import { EntryPayment } from '../payouts/entities/entry-payment.entity';
import { SurvivorContest } from '../survivor/entities/survivor-contest.entity';
import { SurvivorEntry } from '../survivor/entities/survivor-entry.entity';
import { SurvivorPick } from '../survivor/entities/survivor-pick.entity';
import { SurvivorPickAudit } from '../survivor/entities/survivor-pick-audit.entity';
import { SurvivorResult } from '../survivor/entities/survivor-result.entity';

/** Every entity of the data model, listed explicitly so builds and tests need no file globs. */
export const ENTITIES = [
  User,
  Invitation,
  PasswordReset,
  Conference,
  Team,
  FootballSeason,
  Week,
  Game,
  GameAudit,
  Pick,
  PickAudit,
  WeeklyResult,
  SeasonStanding,
  NotificationDelivery,
  JobRun,
  Session,
  TotpFactor,
  RecoveryCode,
  Throttle,
  SecurityEvent,
  MaintenanceRun,
  TeamProviderId,
  ProviderImport,
  PushSubscription,
  PushDelivery,
  NotificationPreference,
  ResultsCalculation,
  EntryPayment,
  Passkey,
  WebauthnChallenge,
  SurvivorContest,
  SurvivorEntry,
  SurvivorPick,
  SurvivorPickAudit,
  SurvivorResult,
];

import { InitialSchema1763800000000 } from './1763800000000-initial-schema';
import { Notifications1763900000000 } from './1763900000000-notifications';
import { MailOutbox1764000000000 } from './1764000000000-mail-outbox';
import { GameOutcomes1764100000000 } from './1764100000000-game-outcomes';
import { Security1764200000000 } from './1764200000000-security';
import { MaintenanceRuns1764250000000 } from './1764250000000-maintenance-runs';
import { Imports1764300000000 } from './1764300000000-imports';
import { PoolFormats1764400000000 } from './1764400000000-pool-formats';
import { Saturday1764500000000 } from './1764500000000-saturday';
import { OutboxOneTimeLinks1764600000000 } from './1764600000000-outbox-one-time-links';
import { Push1764600001000 } from './1764600001000-push';
import { NotificationPreferences1764600002000 } from './1764600002000-notification-preferences';
import { ResultsCalculations1764600004200 } from './1764600004200-results-calculations';
import { EntryFees1764600007000 } from './1764600007000-entry-fees';
import { SessionReauthentication1764700000000 } from './1764700000000-session-reauthentication';
import { SessionEndsAt1764700001500 } from './1764700001500-session-ends-at';
import { Passkeys1764700004000 } from './1764700004000-passkeys';
import { SecondFactors1764800000000 } from './1764800000000-second-factors';
import { Survivor1764900000000 } from './1764900000000-survivor';

/** Every migration, in order. A new migration is added here as well as in its own file. */
export const MIGRATIONS = [InitialSchema1763800000000, Notifications1763900000000, MailOutbox1764000000000, GameOutcomes1764100000000, Security1764200000000, MaintenanceRuns1764250000000, Imports1764300000000, PoolFormats1764400000000, Saturday1764500000000, OutboxOneTimeLinks1764600000000, Push1764600001000, NotificationPreferences1764600002000, ResultsCalculations1764600004200, EntryFees1764600007000, SessionReauthentication1764700000000, SessionEndsAt1764700001500, Passkeys1764700004000, SecondFactors1764800000000, Survivor1764900000000];

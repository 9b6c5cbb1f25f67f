import type { RaRecord } from 'react-admin';
import type { components } from '../../api/schema';

/** The survivor contest's admin answers (docs/pool-formats.md "Survivor" > "Routes"), from the API's OpenAPI document. */
type Schemas = components['schemas'];

export type SurvivorContest = Schemas['SurvivorContestDto'] & RaRecord;
export type SurvivorEntry = Schemas['SurvivorEntryDto'] & RaRecord;
export type SurvivorPick = Schemas['SurvivorPickDto'] & RaRecord;
export type SurvivorPickValue = Schemas['SurvivorPickValueDto'];
/** An audit names its week by id; the list looks the number up (`week_number` for an API that sends it). */
export type SurvivorPickAudit = Schemas['SurvivorPickAuditDto'] & RaRecord & { week_number?: number | null };
export type SurvivorPaidResult = Schemas['MarkEntriesPaidResultDto'];

/** POST /survivor_contests/{id}/calculate's answer. */
export type SurvivorCalculation = Schemas['SurvivorCalculationDto'];

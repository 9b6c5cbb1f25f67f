import type { Identifier } from 'react-admin';
import { call, failWith } from '../dataProvider/httpClient';
import type { SurvivorCalculation, SurvivorPaidResult } from './survivorTypes';

/** The survivor contest's admin calls beyond lists and forms (docs/pool-formats.md "Survivor" > "Routes"). */
const id = encodeURIComponent;

export const calculateSurvivor = (contestId: Identifier) =>
  call<SurvivorCalculation>(`/survivor_contests/${id(contestId)}/calculate`, 'POST').catch((error) => failWith(error, 'Failed to calculate the survivor contest'));

export const markSurvivorPaid = (contestId: Identifier, userIds: Identifier[], paid: boolean) =>
  call<SurvivorPaidResult>(`/survivor_contests/${id(contestId)}/entries_paid`, 'PATCH', { user_ids: userIds.map(Number), paid }).catch((error) =>
    failWith(error, 'Update failed'),
  );

/** DELETE with the override's reason in its body (react-admin's simple-rest delete sends none). */
export const deleteSurvivorPick = (pickId: Identifier, reason: string) =>
  call<void>(`/survivor_picks/${id(pickId)}`, 'DELETE', { reason }).catch((error) => failWith(error, 'Delete failed'));

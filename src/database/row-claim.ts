import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Brackets, FindOptionsWhere, ObjectLiteral, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

/** A name for an app instance, as the rows it claims record it: host, process and a random tag. */
export const instanceName = (): string => `${hostname()}#${process.pid}#${randomBytes(3).toString('hex')}`;

/**
 * Claims a row through the database, the way several app instances on one database agree on who does a piece of
 * work (a job run, an e-mail): one conditional UPDATE that changes the row only while it is still claimable, so
 * exactly one of them wins it. True when this instance did.
 */
export async function claimRow<T extends ObjectLiteral>(
  repository: Repository<T>,
  row: FindOptionsWhere<T>,
  claimable: Brackets | string,
  parameters: ObjectLiteral,
  claim: QueryDeepPartialEntity<T>,
): Promise<boolean> {
  const result = await repository.createQueryBuilder().update().set(claim).where(row).andWhere(claimable, parameters).execute();
  return Boolean(result.affected);
}

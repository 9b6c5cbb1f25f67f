import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { And, FindOptionsWhere, In, LessThan, LessThanOrEqual, MoreThanOrEqual, Repository } from 'typeorm';
import { ListPage, ListParams, orderOf } from '../common/list/list-query';
import { containsIgnoringCase } from '../common/text-match';
import { SecurityEventFilterDto } from './dto/security-event-filter.dto';
import { SecurityEvent } from './entities/security-event.entity';

/** Reading the security log (admins) and pruning it (the scheduled job). */
@Injectable()
export class SecurityEventsService {
  constructor(@InjectRepository(SecurityEvent) private readonly events: Repository<SecurityEvent>) {}

  async findAll(list: ListParams<SecurityEventFilterDto>): Promise<ListPage<SecurityEvent>> {
    const { type, user_id, email, ip, created_at_gte: from, created_at_lte: to } = list.filter;
    const span = from && to ? And(MoreThanOrEqual(from), LessThanOrEqual(to)) : from ? MoreThanOrEqual(from) : to ? LessThanOrEqual(to) : undefined;
    const where: FindOptionsWhere<SecurityEvent> = {
      ...(type ? { type } : {}),
      ...(user_id ? { user_id } : {}),
      ...(email ? { email: containsIgnoringCase(email) } : {}),
      ...(ip ? { ip } : {}),
      ...(span ? { created_at: span } : {}),
      ...(list.ids ? { id: In(list.ids) } : {}),
    };
    const [items, total] = await this.events.findAndCount({
      where,
      order: orderOf(list, ['type', 'user_id', 'actor_id', 'email', 'ip', 'created_at'], { created_at: 'DESC', id: 'DESC' }),
      skip: list.skip,
      take: list.take,
    });
    return { items, total };
  }

  /** Deletes the entries written before `before`; answers how many went. */
  async prune(before: Date): Promise<number> {
    const result = await this.events.delete({ created_at: LessThan(before) });
    return result.affected ?? 0;
  }
}

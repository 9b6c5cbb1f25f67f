import { ApiProperty } from '@nestjs/swagger';
import type { Role } from '../../common/principal';
import type { User } from '../entities/user.entity';
import { NamedRefDto } from '../../common/dto/refs.dto';

/** A user as the API shows it: never the password hash or the session version. */
export class UserResponseDto {
  id!: number;
  email!: string;
  name!: string;
  first_name!: string | null;
  last_name!: string | null;
  date_of_birth!: string | null;
  phone!: string | null;
  favorite_team_id!: number | null;
  favorite_team!: NamedRefDto | null;
  role!: Role;
  /** The admin flag of docs/product.md#data, derived from the role. */
  @ApiProperty({ description: 'True for an admin; derived from the role.' })
  admin!: boolean;
  wins!: number;
  losses!: number;
  created_at!: Date;

  static from(user: User): UserResponseDto {
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      first_name: user.first_name,
      last_name: user.last_name,
      date_of_birth: user.date_of_birth,
      phone: user.phone,
      favorite_team_id: user.favorite_team_id,
      favorite_team: user.favorite_team ? { id: user.favorite_team.id, name: user.favorite_team.name } : null,
      role: user.role,
      admin: user.role === 'admin',
      wins: user.wins,
      losses: user.losses,
      created_at: user.created_at,
    };
  }
}

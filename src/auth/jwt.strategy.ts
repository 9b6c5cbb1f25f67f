import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { InjectRepository } from '@nestjs/typeorm';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { Repository } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { User } from '../users/entities/user.entity';

export interface SessionClaims {
  sub: number;
  /** The user's token_version when the token was issued. */
  tv: number;
}

/** Accepts a bearer token only while its user exists and has not ended its sessions since it was issued. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    config: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
  ) {
    super({ jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: config.jwtSecret, algorithms: ['HS256'] });
  }

  async validate(claims: SessionClaims): Promise<User | false> {
    const user = await this.users.findOneBy({ id: claims.sub });
    return user && user.token_version === claims.tv ? user : false;
  }
}

import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Clock } from '../../common/clock';
import type { User } from '../../users/entities/user.entity';
import { SECOND_FACTOR_CHALLENGE_AUDIENCE, SECOND_FACTOR_CHALLENGE_TTL_SECONDS, SECOND_FACTOR_MESSAGES } from './second-factor.constants';

interface ChallengeClaims {
  sub: number;
  /** The user's token_version: a password change or "log out everywhere" in between voids the challenge. */
  tv: number;
}

/**
 * The sign-in's second step: after the right password, an admin with a second factor gets a short-lived signed
 * challenge naming the account (a JWT of its own audience, 5 minutes, on the app's clock), not a session. A session
 * token is never a challenge (no audience) and a challenge is never a session token (no `sid`).
 */
@Injectable()
export class SecondFactorChallenges {
  constructor(
    private readonly jwt: JwtService,
    private readonly clock: Clock,
  ) {}

  issue(user: Pick<User, 'id' | 'token_version'>): Promise<string> {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const claims = { sub: user.id, tv: user.token_version, iat };
    return this.jwt.signAsync(claims, { audience: SECOND_FACTOR_CHALLENGE_AUDIENCE, expiresIn: SECOND_FACTOR_CHALLENGE_TTL_SECONDS });
  }

  /** The challenge's claims, or 401 when it is forged, expired or not a challenge. */
  verify(challenge: string): ChallengeClaims {
    try {
      const claims = this.jwt.verify<ChallengeClaims>(challenge, {
        audience: SECOND_FACTOR_CHALLENGE_AUDIENCE,
        clockTimestamp: Math.floor(this.clock.now().getTime() / 1000),
      });
      if (Number.isInteger(claims.sub) && Number.isInteger(claims.tv)) return claims;
    } catch {
      // Forged, expired, another kind of token: all the same to the client.
    }
    throw new UnauthorizedException(SECOND_FACTOR_MESSAGES.challengeExpired);
  }
}

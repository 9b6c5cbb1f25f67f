import { BadRequestException, ParseIntPipe } from '@nestjs/common';

/** Parses a record id from the path; anything but a whole number is a 400. */
export const IdParam = () => new ParseIntPipe({ exceptionFactory: () => new BadRequestException('id must be a whole number') });

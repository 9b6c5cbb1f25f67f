import type { Conference } from '../entities/conference.entity';

export class ConferenceResponseDto {
  id!: number;
  name!: string;

  static from(conference: Conference): ConferenceResponseDto {
    return { id: conference.id, name: conference.name };
  }
}

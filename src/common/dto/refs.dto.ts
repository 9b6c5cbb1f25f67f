/** Another record named in an answer: its id and name. */
export class NamedRefDto {
  id!: number;
  name!: string;
}

/** A member named in an answer. */
export class MemberRefDto {
  id!: number;
  name!: string;
  email!: string;
}

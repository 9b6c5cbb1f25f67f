import type { ValidatorOptions } from 'class-validator';
import { ArgumentMetadata, BadRequestException, HttpException, UnprocessableEntityException, ValidationError, ValidationPipe } from '@nestjs/common';

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([rule, message]) =>
      rule === 'whitelistValidation' ? `${path} is not a known field` : parent ? message.replace(new RegExp(`^${error.property}\\b`), path) : message,
    );
    return [...own, ...flatten(error.children ?? [], path)];
  });
}

const REJECTS_UNKNOWN_KEYS = Symbol('rejects-unknown-keys');

/**
 * A body DTO whose unknown fields (at any depth) are a 422 rather than dropped: for bodies where a misspelt key
 * would otherwise be a silent no-op (a preference the member thinks they set).
 */
export const RejectUnknownKeys = (): ClassDecorator => (target) => {
  Reflect.defineMetadata(REJECTS_UNKNOWN_KEYS, true, target);
};

/**
 * Validates every body, query and parameter DTO with class-validator. A body that breaks the rules is a 422
 * with readable messages; a malformed query string or path parameter is a 400.
 */
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      transform: true,
      forbidUnknownValues: false,
      // One message per field: the first rule it breaks.
      stopAtFirstError: true,
      exceptionFactory: (errors) => new UnprocessableEntityException({ errors: flatten(errors) }),
    });
  }

  protected override validate(object: object, options?: ValidatorOptions) {
    const strict = Reflect.getMetadata(REJECTS_UNKNOWN_KEYS, object.constructor) === true;
    return super.validate(object, strict ? { ...options, forbidNonWhitelisted: true } : options);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    try {
      return await super.transform(value, metadata);
    } catch (error) {
      if (metadata.type !== 'body' && error instanceof HttpException) {
        throw new BadRequestException(error.getResponse());
      }
      throw error;
    }
  }
}

import { ArgumentMetadata, BadRequestException, HttpException, UnprocessableEntityException, ValidationError, ValidationPipe } from '@nestjs/common';

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) =>
      parent ? message.replace(new RegExp(`^${error.property}\\b`), path) : message,
    );
    return [...own, ...flatten(error.children ?? [], path)];
  });
}

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

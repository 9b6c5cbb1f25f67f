import { Controller, Get, Injectable, Module } from '@nestjs/common';
import { ApiExcludeController, OpenAPIObject } from '@nestjs/swagger';
import { Roles } from '../common/decorators/roles.decorator';

/** The API's OpenAPI document, built on first use from the app it describes (app.factory.ts provides the builder). */
@Injectable()
export class ApiDocument {
  private build?: () => OpenAPIObject;
  private document?: OpenAPIObject;

  buildWith(build: () => OpenAPIObject): void {
    this.build = build;
    this.document = undefined;
  }

  get(): OpenAPIObject {
    if (!this.build) throw new Error('ApiDocument: no builder (createApp provides it)');
    this.document ??= this.build();
    return this.document;
  }
}

/**
 * API_DOCS=admin: the document behind an admin's session, through the same guards as every other admin route (a
 * revoked session or a demoted admin no longer gets it). The Swagger UI page is not served then: its script embeds
 * the whole document, and a browser loading a page sends no bearer token.
 */
@ApiExcludeController()
@Roles('admin')
@Controller('docs-json')
export class ApiDocsController {
  constructor(private readonly document: ApiDocument) {}

  @Get()
  get(): OpenAPIObject {
    return this.document.get();
  }
}

/** Loaded only when API_DOCS=admin (AppModule.forConfig). */
@Module({ controllers: [ApiDocsController], providers: [ApiDocument], exports: [ApiDocument] })
export class AdminApiDocsModule {}

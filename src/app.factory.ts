import type { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { AppValidationPipe } from './common/pipes/app-validation.pipe';
import { AppConfig } from './config/app-config';
import { acceptPutForEdits, useJsonBodies, useOneClickFormBodies, useWeakEtags, withPutForEdits } from './web/http-conventions';
import { ApiDocument } from './web/api-docs.module';
import { useSecurityHeaders } from './web/security-headers';
import { serveWebApp } from './web/web-app';

export const API_PREFIX = 'api';

/**
 * Builds the HTTP application: the JSON API under /api, its OpenAPI docs at /api/docs (as API_DOCS allows), and the
 * web app, every answer with the security headers. It runs on Fastify: measured under load, the Express adapter
 * alone cost more per request than the whole read of a week's games (docs/decisions.md, "The request path").
 */
export async function createApp(config: AppConfig, options: { logger?: false | LoggerService } = {}): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forConfig(config), new FastifyAdapter({ trustProxy: config.trustProxy }), {
    logger: options.logger ?? ['log', 'warn', 'error'],
    bodyParser: false,
    // A failure while building the app is thrown to the caller (main.ts logs it and exits 1), not process.abort().
    abortOnError: false,
  });
  useSecurityHeaders(app);
  const fastify = app.getHttpAdapter().getInstance();
  useJsonBodies(fastify);
  useOneClickFormBodies(fastify);
  useWeakEtags(fastify);
  acceptPutForEdits(fastify);
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(new AppValidationPipe());
  await serveWebApp(app, config.frontendDir, API_PREFIX, config.appName);
  app.enableShutdownHooks();

  serveApiDocs(app, config);
  return app;
}

/**
 * API_DOCS: public serves the Swagger UI at /api/docs and the document at /api/docs-json to anyone; admin serves only
 * the document, to a signed-in admin (AdminApiDocsModule); off serves neither. The document is built on first use.
 */
function serveApiDocs(app: NestFastifyApplication, config: AppConfig): void {
  const build = () => apiDocument(app, config.appName);
  if (config.apiDocs === 'public') SwaggerModule.setup(`${API_PREFIX}/docs`, app, build);
  if (config.apiDocs === 'admin') app.get(ApiDocument).buildWith(build);
}

/**
 * The OpenAPI document of the API, as /api/docs serves it. Its schemas are complete only when built by `nest build`
 * (the @nestjs/swagger plugin reads the DTOs' types then); `npm run openapi` writes the web app's types from it.
 */
export function apiDocument(app: NestFastifyApplication, appName: string): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle(`${appName} API`)
      .setDescription('The JSON API of the pool. Errors answer {"errors": ["..."]}.')
      .addBearerAuth()
      .build(),
  );
  return withPutForEdits(document);
}

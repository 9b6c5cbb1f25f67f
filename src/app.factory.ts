import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { AppValidationPipe } from './common/pipes/app-validation.pipe';
import { AppConfig } from './config/app-config';
import { acceptPutForEdits, useJsonBodies, useWeakEtags, withPutForEdits } from './web/http-conventions';
import { serveWebApp } from './web/web-app';

export const API_PREFIX = 'api';

/**
 * Builds the HTTP application: the JSON API under /api, its OpenAPI docs at /api/docs, and the web app. It runs
 * on Fastify: measured under load, the Express adapter alone cost more per request than the whole read of a
 * week's games (docs/decisions.md, "The request path").
 */
export async function createApp(config: AppConfig, options: { logger?: false } = {}): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forConfig(config), new FastifyAdapter({ trustProxy: config.trustProxy }), {
    logger: options.logger ?? ['log', 'warn', 'error'],
    bodyParser: false,
    // A failure while building the app is thrown to the caller (main.ts logs it and exits 1), not process.abort().
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  useJsonBodies(fastify);
  useWeakEtags(fastify);
  acceptPutForEdits(fastify);
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(new AppValidationPipe());
  await serveWebApp(app, config.frontendDir, API_PREFIX);
  app.enableShutdownHooks();

  SwaggerModule.setup(`${API_PREFIX}/docs`, app, apiDocument(app, config.appName));
  return app;
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

import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import etag from 'etag';
import { AppModule } from './app.module';
import { AppValidationPipe } from './common/pipes/app-validation.pipe';
import { AppConfig } from './config/app-config';
import { serveWebApp } from './web/web-app';

export const API_PREFIX = 'api';
/** Answers up to this length carry a weak ETag. */
const ETAG_MAX_LENGTH = 256 * 1024;

/** Builds the HTTP application: the JSON API under /api, its OpenAPI docs at /api/docs, and the web app. */
export async function createApp(config: AppConfig, options: { logger?: false } = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forConfig(config), {
    logger: options.logger ?? ['log', 'warn', 'error'],
  });
  app.disable('x-powered-by');
  // ETags let clients revalidate small answers; hashing megabytes of standings costs more than it saves.
  app.set('etag', (body: Buffer | string) => (body.length <= ETAG_MAX_LENGTH ? etag(body, { weak: true }) : undefined));
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(new AppValidationPipe());
  serveWebApp(app, config.frontendDir, API_PREFIX);
  app.enableShutdownHooks();

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle(`${config.appName} API`)
      .setDescription('The JSON API of the pool. Errors answer {"errors": ["..."]}.')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, document);
  return app;
}

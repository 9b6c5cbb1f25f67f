import { NestFactory } from '@nestjs/core';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { AppValidationPipe } from './common/pipes/app-validation.pipe';
import { AppConfig } from './config/app-config';

export const API_PREFIX = 'api';

/** Builds the HTTP application: the JSON API under /api, its OpenAPI docs at /api/docs, and the web app. */
export async function createApp(config: AppConfig, options: { logger?: false } = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forConfig(config), {
    logger: options.logger ?? ['log', 'warn', 'error'],
  });
  app.disable('x-powered-by');
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(new AppValidationPipe());
  serveWebApp(app, config.frontendDir);
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

/**
 * The built web app, when there is one: its files, and for every other GET outside /api its index.html (SPA
 * fallback, so deep links work on reload). Vite's hashed assets are cached for good; index.html never.
 */
function serveWebApp(app: NestExpressApplication, dir: string): void {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return;
  // The web app's files go out gzipped (a phone on a slow network waits for bytes); API answers are left as they
  // are, so the big JSON reads spend no server time compressing.
  const isApi = (req: Request) => req.path === `/${API_PREFIX}` || req.path.startsWith(`/${API_PREFIX}/`);
  app.use(compression({ filter: (req, res) => !isApi(req as Request) && compression.filter(req, res) }));
  app.useStaticAssets(dir, {
    index: false,
    setHeaders: (res, path) => res.setHeader('Cache-Control', path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache'),
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApi(req)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

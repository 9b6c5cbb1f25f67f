import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/app-config';
import { dataSourceOptions } from './src/schema/data-source-options';

/** The DataSource for the TypeORM CLI: `npm run migration:run`, `npm run migration:revert`. */
export default dataSourceOptions(loadConfig().database).then((options) => new DataSource(options));

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Database, Db } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    /** drizzle handle (shortcut for database.db) */
    db: Db;
    clock: Clock;
  }
}

export interface AppContext {
  config: AppConfig;
  database: Database;
  clock: Clock;
}

/** Decorates the instance with config, database and clock for routes and plugins. */
async function contextPlugin(app: FastifyInstance, context: AppContext) {
  app.decorate('config', context.config);
  app.decorate('database', context.database);
  app.decorate('db', context.database.db);
  app.decorate('clock', context.clock);
}

export default fp(contextPlugin, { name: 'app-context' });

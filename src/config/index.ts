/**
 * The settings of the bot and its ops tools, read from the environment once at start-up (read.ts),
 * described in one table (settings.ts) from which docs/deploy.md's env reference is made
 * (env-reference.ts). A bottom layer: it imports nothing of ours.
 */
export { type Config, ConfigError, type Environment, readConfig, type ShardOfProcess, shardOfProcess } from './read';
export { LOG_LEVELS, SETTINGS, SHARDS_SCHEMA, type SettingName, shardsRefusal } from './settings';
export { ENV_BEGIN, ENV_END, envReference, withEnvReference } from './env-reference';

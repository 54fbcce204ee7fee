export {
  LOG_REDACT_PATHS,
  type LogStream,
  lazyRequestLogger,
  loggerOptions,
  logSerializers,
  redactUrl,
} from './logger.js';
export {
  describeError,
  REDACTED,
  type SafeError,
  secretValues,
  serializeError,
} from './serialize-error.js';

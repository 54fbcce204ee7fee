// How the operator commands (npm run billing, schedule-visits, digest, action-plan-reminders) end: with
// the exit code `main` gives, or 1 and the error's description (a bad setting by its variable's name).
import { ConfigError } from '../src/server/config.js';
import { describeError } from '../src/server/logging/index.js';

export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof ConfigError ? err.message : describeError(err));
      process.exit(1);
    },
  );
}

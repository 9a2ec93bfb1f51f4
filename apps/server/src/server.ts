import { loadConfigOrExit, startServer } from './start.ts';

/** Process entry: validate configuration, open and migrate the database, listen, shut down gracefully. */
startServer(loadConfigOrExit()).catch((err) => {
  console.error(err);
  process.exit(1);
});

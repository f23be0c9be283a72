import path from 'node:path';

// One instance of the built server for the multi-instance spec (e2e/live.spec.ts): the spec sets
// DATABASE_URL, PORT, SECRET_KEY and the rest in the environment; E2E_SEED=1 on the first instance
// writes the e2e data set before it listens.
if (process.env.E2E_SEED === '1') {
  const { seedE2e } = await import('./seed');
  await seedE2e();
}
await import(path.resolve('dist/server/main.js'));

// Preloaded into the join-api processes the soak starts (`node --import ./watchdog.mjs dist/main.js`): the server
// stops by itself (SIGTERM, i.e. main.ts' graceful shutdown; exit 1 five seconds later at the latest) when the bench
// that started it goes away (its stdin pipe closes) or after SOAK_CHILD_MAX_MS (default 5 minutes).
const stop = () => {
  process.kill(process.pid, 'SIGTERM');
  setTimeout(() => process.exit(1), 5_000).unref();
};
process.stdin.on('data', () => undefined);
process.stdin.on('end', stop);
process.stdin.on('error', stop);
setTimeout(stop, Number(process.env.SOAK_CHILD_MAX_MS ?? 300_000)).unref();

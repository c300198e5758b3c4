// The run's shared PDS in a process of its own (started by pds.global.ts): prints its addresses as one JSON line, and
// closes it, removing its files, when told to stop or when the test run that started it goes away.
import { startPds } from './pds';

const pds = await startPds();
process.stdout.write(`${JSON.stringify({ url: pds.url, plcUrl: pds.plcUrl })}\n`);
const stop = () => void pds.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.once('disconnect', stop);

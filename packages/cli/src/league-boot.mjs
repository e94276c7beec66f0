// A league worker thread: register tsx (workers start without the parent's loader), then play games.
import { register } from 'tsx/esm/api';

register();
await import('./league-thread.ts');

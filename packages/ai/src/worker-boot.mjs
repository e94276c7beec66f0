// Worker threads start without the parent's TypeScript loader: register tsx, then load the body.
import { register } from 'tsx/esm/api';

register();
await import('./worker-thread.ts');

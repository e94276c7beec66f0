/** The game's web adapter (`@sandtable/example-bridge/web`, loaded on demand through the entry; browser code). */
import type { GameAdapter } from '@sandtable/map';
import { bridgeAdapter } from './adapter.ts';

export const web: GameAdapter = bridgeAdapter;

/** The game's web adapter (`@sandtable/ocs/web`, loaded on demand through the entry; browser code). */
import type { GameAdapter } from '@sandtable/map';
import { ocsAdapter } from './adapter.ts';

export const web: GameAdapter = ocsAdapter;

/** The game's web adapter (`@sandtable/third-reich/web`, loaded on demand through the entry; browser code). */
import type { GameAdapter } from '@sandtable/map';
import { thirdReichAdapter } from './adapter.ts';

export const web: GameAdapter = thirdReichAdapter;

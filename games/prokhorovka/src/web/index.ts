/** The game's web adapter (`@sandtable/prokhorovka/web`, loaded on demand through the entry; browser code). */
import type { GameAdapter } from '@sandtable/map';
import { prokhorovkaAdapter } from './adapter.ts';

export const web: GameAdapter = prokhorovkaAdapter;

/** The game's web adapter (`@sandtable/soft-underbelly/web`, loaded on demand through the entry; browser code). */
import type { GameAdapter } from '@sandtable/map';
import { softUnderbellyAdapter } from './adapter.ts';

export const web: GameAdapter = softUnderbellyAdapter;

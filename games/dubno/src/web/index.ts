/** The game's web adapter (`@sandtable/dubno/web`, loaded on demand through the entry; browser code). */
import type { GameAdapter } from '@sandtable/map';
import { dubnoAdapter } from './adapter.ts';

export const web: GameAdapter = dubnoAdapter;

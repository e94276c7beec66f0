/**
 * Every game, in one place: the list the catalog (and through it the CLI, server, web client
 * and AI) reads. Adding a game is one line here (and its folder: see docs/adding-a-game.md).
 * The order is the order games are offered in.
 */
import type { GamePackage } from '@sandtable/engine';
import { entry as softUnderbelly } from '@sandtable/soft-underbelly/entry';
import { entry as thirdReich } from '@sandtable/third-reich/entry';
import { entry as prokhorovka } from '@sandtable/prokhorovka/entry';
import { entry as dubno } from '@sandtable/dubno/entry';
import { entry as ocs } from '@sandtable/ocs/entry';

export const games = [softUnderbelly, thirdReich, prokhorovka, dubno, ocs] as const satisfies readonly GamePackage[];
